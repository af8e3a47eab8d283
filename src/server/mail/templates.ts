import type { DirectBookingKind, DirectBookingStatus } from '~/contract/direct-booking-constants'
import type { Locale } from '~/i18n/locales'

/** Every message the site sends, in each site language. Plain text first; HTML is derived. */
export type MailKind =
  | 'password-reset'
  | 'welcome'
  | 'welcome-google'
  | 'two-factor-code'
  | 'email-verify'
  | 'email-change'
  | 'email-change-notice'
  | 'password-changed'
  | 'account-deleted'
  | 'welcome-checkout'
  | 'orders-joined'
  | 'policy-issued'
  | 'policy-not-issued'
  | 'note-reminder'
  | 'registration-attempt'
  | 'policy-end-reminder'
  | 'direct-booking-received'
  | 'direct-booking-status'

interface Rendered {
  subject: string
  text: string
}

type Templates = Record<MailKind, (vars: Record<string, string>) => Rendered>

type BookingKind = DirectBookingKind
type BookingStatus = DirectBookingStatus

/** The words of direct booking mail (decision 70): what happened and each status, with what it means for the driver. */
const bookingWords: Record<Locale, { kinds: Record<BookingKind, string>; statuses: Record<BookingStatus, string>; explain: Record<BookingStatus, string> }> = {
  ro: {
    kinds: { breakdown: 'pană', accident_with_other_party: 'accident cu cealaltă parte', accident_without_other_party: 'accident fără cealaltă parte', towing: 'tractare' },
    statuses: { received: 'primită', dispatched: 'ajutorul este pe drum', in_progress: 'în lucru', closed: 'încheiată', cancelled: 'anulată' },
    explain: {
      received: 'Am primit cererea și vă sunăm în curând.',
      dispatched: 'Am trimis ajutorul către dumneavoastră. Rămâneți în siguranță, lângă vehicul, și țineți telefonul aproape.',
      in_progress: 'Echipajul lucrează la cererea dumneavoastră.',
      closed: 'Cererea s-a încheiat. Vă mulțumim că ați apelat la noi.',
      cancelled: 'Cererea a fost anulată. Dacă aveți în continuare nevoie de ajutor, trimiteți o cerere nouă sau sunați-ne.',
    },
  },
  en: {
    kinds: { breakdown: 'breakdown', accident_with_other_party: 'accident with the other party', accident_without_other_party: 'accident without the other party', towing: 'towing' },
    statuses: { received: 'received', dispatched: 'help is on the way', in_progress: 'in progress', closed: 'closed', cancelled: 'cancelled' },
    explain: {
      received: 'We received the request and will call you soon.',
      dispatched: 'Help is on its way to you. Stay safe, near the vehicle, and keep your phone at hand.',
      in_progress: 'The crew is working on your request.',
      closed: 'The request is closed. Thank you for calling on us.',
      cancelled: 'The request was cancelled. If you still need help, send a new request or call us.',
    },
  },
  fr: {
    kinds: { breakdown: 'panne', accident_with_other_party: 'accident avec l’autre partie', accident_without_other_party: 'accident sans l’autre partie', towing: 'remorquage' },
    statuses: { received: 'reçue', dispatched: 'l’aide est en route', in_progress: 'en cours', closed: 'clôturée', cancelled: 'annulée' },
    explain: {
      received: 'Nous avons reçu la demande et vous appelons bientôt.',
      dispatched: 'L’aide est en route vers vous. Restez en sécurité, près du véhicule, et gardez votre téléphone à portée de main.',
      in_progress: 'L’équipe s’occupe de votre demande.',
      closed: 'La demande est clôturée. Merci d’avoir fait appel à nous.',
      cancelled: 'La demande a été annulée. Si vous avez encore besoin d’aide, envoyez une nouvelle demande ou appelez-nous.',
    },
  },
}

const templates: Record<Locale, Templates> = {
  ro: {
    'password-reset': (v) => ({
      subject: `Resetarea parolei ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nAți cerut resetarea parolei contului ${v.brand}. Deschideți linkul de mai jos în următoarele 60 de minute:\n\n${v.link}\n\nDacă nu dumneavoastră ați cerut-o, ignorați acest mesaj: parola rămâne aceeași.`,
    }),
    welcome: (v) => ({
      subject: `Bine ați venit la ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nVă mulțumim că v-ați creat un cont ${v.brand}. Vă rugăm să vă confirmați adresa de e-mail deschizând linkul de mai jos:\n\n${v.link}\n\nPuteți cumpăra asigurări și înainte de confirmare; dacă nu vă confirmați adresa, vă vom trimite un memento.\n\nEchipa ${v.brand}`,
    }),
    'two-factor-code': (v) => ({
      subject: `Codul de autentificare ${v.brand}: ${v.code}`,
      text: `Codul dumneavoastră de autentificare este ${v.code}. Este valabil 10 minute și poate fi folosit o singură dată.\n\nDacă nu încercați să vă autentificați, schimbați-vă parola.`,
    }),
    'welcome-google': (v) => ({
      subject: `Bine ați venit la ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nV-ați creat contul ${v.brand} cu Google. Vă puteți autentifica oricând cu butonul „Continuați cu Google”; adresa de e-mail a fost deja confirmată de Google.\n\nContul dumneavoastră: ${v.link}\n\nDacă doriți să vă autentificați și cu o parolă, o puteți alege aici:\n\n${v.reset}\n\nEchipa ${v.brand}`,
    }),
    'email-verify': (v) => ({
      subject: `Confirmați adresa de e-mail ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nConfirmați adresa de e-mail a contului ${v.brand} cu linkul de mai jos, în următoarele 24 de ore:\n\n${v.link}\n\nDacă nu aveți cont la ${v.brand}, ignorați acest mesaj.`,
    }),
    'email-change': (v) => ({
      subject: `Confirmați noua adresă de e-mail ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nAți cerut ca acest cont ${v.brand} să folosească de acum adresa aceasta. Adresa se schimbă doar după ce deschideți linkul de mai jos, în următoarele 24 de ore:\n\n${v.link}\n\nDacă nu dumneavoastră ați cerut schimbarea, ignorați acest mesaj: nimic nu se schimbă.`,
    }),
    'email-change-notice': (v) => ({
      subject: `Cerere de schimbare a adresei de e-mail ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nS-a cerut ca adresa contului dumneavoastră ${v.brand} să devină ${v.address}. Schimbarea are loc doar după confirmarea de pe noua adresă.\n\nDacă nu dumneavoastră ați cerut-o, schimbați-vă parola și scrieți-ne la ${v.support}.`,
    }),
    'password-changed': (v) => ({
      subject: `Parola ${v.brand} a fost schimbată`,
      text: `Bună ziua, ${v.name},\n\nParola contului dumneavoastră ${v.brand} a fost schimbată, iar celelalte dispozitive au fost deconectate.\n\nDacă nu dumneavoastră ați schimbat-o, resetați parola imediat și scrieți-ne la ${v.support}.`,
    }),
    'account-deleted': (v) => ({
      subject: `Contul ${v.brand} a fost șters`,
      text: `Bună ziua,\n\nContul ${v.brand} al acestei adrese a fost șters la cererea dumneavoastră. Numele, telefonul și parola au fost șterse; păstrăm doar adresa de e-mail, ca să știm că acest cont nu mai există.\n\nDacă nu dumneavoastră l-ați șters, scrieți-ne la ${v.support}.`,
    }),
    'welcome-checkout': (v) => ({
      subject: `Contul dumneavoastră ${v.brand} a fost creat`,
      text: `Bună ziua,\n\nAm creat un cont ${v.brand} pentru comanda dumneavoastră, ca să găsiți oricând polița și documentele. Alegeți o parolă cu linkul de mai jos, în următoarele 7 zile:\n\n${v.link}\n\nConfirmați și adresa de e-mail:\n\n${v.confirm}\n\nDacă nu dumneavoastră ați făcut comanda, ignorați acest mesaj.`,
    }),
    'orders-joined': (v) => ({
      subject: `Comenzi noi în contul dumneavoastră ${v.brand}`,
      text: `Bună ziua,\n\nAdresa de e-mail a contului dumneavoastră ${v.brand} este confirmată. Comenzile făcute fără cont cu această adresă au fost adăugate în cont; le găsiți aici:\n\n${v.link}\n\nDacă nu recunoașteți o comandă, scrieți-ne la ${v.support}.`,
    }),
    'policy-issued': (v) => ({
      subject: `Polița ${v.product} ${v.number} a fost emisă`,
      text: `Bună ziua, ${v.name},\n\nPolița dumneavoastră ${v.product} de la ${v.insurer} a fost emisă: seria și numărul ${v.number}, valabilă între ${v.start} și ${v.end}.\n\nDocumentul poliței este atașat acestui mesaj. Verificarea poliței: ${v.verify}\n\nVă mulțumim că ați ales ${v.brand}.`,
    }),
    'policy-not-issued': (v) => ({
      subject: `Polița ${v.product} nu a putut fi emisă`,
      text: `Bună ziua, ${v.name},\n\nNe pare rău: asigurătorul ${v.insurer} nu a emis polița comandată (comanda ${v.order}). Suma de ${v.amount} v-a fost returnată pe card; poate dura câteva zile lucrătoare până apare în cont.\n\nPuteți cere o ofertă nouă oricând pe ${v.site}. Pentru întrebări, scrieți-ne la ${v.support}.`,
    }),
    'note-reminder': (v) => ({
      subject: `Memento pentru ${v.plate}: ${v.title}`,
      text: `Bună ziua, ${v.name},\n\nV-ați cerut un memento pentru vehiculul ${v.plate}:\n\n${v.title}\n\n${v.excerpt}\n\nNotița: ${v.link}`,
    }),
    'registration-attempt': (v) => ({
      subject: `Cineva a încercat să creeze un cont ${v.brand} cu adresa dumneavoastră`,
      text: `Bună ziua, ${v.name},\n\nCineva a încercat să creeze un cont nou ${v.brand} cu această adresă de e-mail, care aparține deja contului dumneavoastră. Contul nu a fost modificat și nu s-a creat niciun cont nou.\n\nDacă ați fost dumneavoastră și nu vă mai amintiți parola, o puteți reseta aici:\n\n${v.link}\n\nDacă nu ați fost dumneavoastră, nu trebuie să faceți nimic. Pentru întrebări, scrieți-ne la ${v.support}.`,
    }),
    'policy-end-reminder': (v) => {
      // Romanian counts "7 zile" but "30 de zile" (20 and more take "de").
      const when = v.days === '1' ? 'mâine' : `peste ${v.days}${Number(v.days) >= 20 ? ' de' : ''} zile`
      const plate = v.plate ? ` pentru ${v.plate}` : ''
      return {
        subject: `${v.what}${plate} expiră ${when}`,
        text: `Bună ziua, ${v.name},\n\n${v.what} ${v.number} (${v.insurer})${plate} este valabilă până pe ${v.end} inclusiv: ultima zi de valabilitate este ${when}.\n\nO puteți reînnoi din timp aici: ${v.renew}\n\nComenzile și documentele dumneavoastră: ${v.link}\n\nAlegeți ce mementouri primiți și unde: ${v.settings}`,
      }
    },
    'direct-booking-received': (v) => ({
      subject: `Cererea ${v.reference} a fost primită`,
      text: `Bună ziua${v.name ? `, ${v.name}` : ''},\n\nAm primit cererea dumneavoastră de asistență (${bookingWords.ro.kinds[v.kind as BookingKind] ?? v.kind}) pentru vehiculul ${v.plate}. Referința este ${v.reference}: spuneți-o când vă sunăm sau ne sunați.\n\nVă sunăm la ${v.phone} cât mai curând. Vă scriem la fiecare schimbare a stării cererii.\n\n${v.link}\n\nDacă cineva este rănit sau în pericol, sunați imediat la 112.`,
    }),
    'direct-booking-status': (v) => ({
      subject: `Cererea ${v.reference}: ${bookingWords.ro.statuses[v.status as BookingStatus] ?? v.status}`,
      text: `Bună ziua${v.name ? `, ${v.name}` : ''},\n\nCererea dumneavoastră de asistență ${v.reference} pentru vehiculul ${v.plate} are o stare nouă: ${bookingWords.ro.statuses[v.status as BookingStatus] ?? v.status}.\n\n${bookingWords.ro.explain[v.status as BookingStatus] ?? ''}\n\n${v.link}`,
    }),
  },
  en: {
    'password-reset': (v) => ({
      subject: `Reset your ${v.brand} password`,
      text: `Hello ${v.name},\n\nYou asked to reset the password of your ${v.brand} account. Open the link below within 60 minutes:\n\n${v.link}\n\nIf you did not ask for it, ignore this message: your password stays the same.`,
    }),
    welcome: (v) => ({
      subject: `Welcome to ${v.brand}`,
      text: `Hello ${v.name},\n\nYour ${v.brand} account is ready. Please confirm your e-mail address with the link below:\n\n${v.link}\n\nYou can buy without confirming; we will remind you if you have not.`,
    }),
    'two-factor-code': (v) => ({
      subject: `Your ${v.brand} sign-in code: ${v.code}`,
      text: `Your sign-in code is ${v.code}. It is valid for 10 minutes and works once.\n\nIf you are not signing in, change your password.`,
    }),
    'welcome-google': (v) => ({
      subject: `Welcome to ${v.brand}`,
      text: `Hello ${v.name},\n\nYour ${v.brand} account was created with Google. You sign in with the “Continue with Google” button; Google has already confirmed your e-mail address.\n\nYour account: ${v.link}\n\nIf you would also like to sign in with a password, choose one here:\n\n${v.reset}`,
    }),
    'email-verify': (v) => ({
      subject: `Confirm your ${v.brand} e-mail address`,
      text: `Hello ${v.name},\n\nPlease confirm the e-mail address of your ${v.brand} account with the link below, within 24 hours:\n\n${v.link}\n\nIf you have no ${v.brand} account, ignore this message.`,
    }),
    'email-change': (v) => ({
      subject: `Confirm your new ${v.brand} e-mail address`,
      text: `Hello ${v.name},\n\nYou asked for your ${v.brand} account to use this address from now on. The address changes only when you open the link below, within 24 hours:\n\n${v.link}\n\nIf you did not ask for this, ignore this message: nothing changes.`,
    }),
    'email-change-notice': (v) => ({
      subject: `Request to change your ${v.brand} e-mail address`,
      text: `Hello ${v.name},\n\nSomeone asked for your ${v.brand} account to use the address ${v.address}. The change happens only once it is confirmed from the new address.\n\nIf it was not you, change your password and write to us at ${v.support}.`,
    }),
    'password-changed': (v) => ({
      subject: `Your ${v.brand} password was changed`,
      text: `Hello ${v.name},\n\nThe password of your ${v.brand} account was changed, and your other devices were signed out.\n\nIf you did not change it, reset your password at once and write to us at ${v.support}.`,
    }),
    'account-deleted': (v) => ({
      subject: `Your ${v.brand} account was deleted`,
      text: `Hello,\n\nThe ${v.brand} account of this address was deleted at your request. Your name, phone number and password were erased; we keep only the e-mail address, to know that this account no longer exists.\n\nIf you did not delete it, write to us at ${v.support}.`,
    }),
    'welcome-checkout': (v) => ({
      subject: `Your ${v.brand} account has been created`,
      text: `Hello,\n\nWe created a ${v.brand} account for your order, so you can find your policy and documents at any time. Choose a password with the link below within 7 days:\n\n${v.link}\n\nPlease also confirm your e-mail address:\n\n${v.confirm}\n\nIf you did not place this order, ignore this message.`,
    }),
    'orders-joined': (v) => ({
      subject: `New orders in your ${v.brand} account`,
      text: `Hello,\n\nThe e-mail address of your ${v.brand} account is confirmed. The orders placed without an account with this address have been added to your account; you find them here:\n\n${v.link}\n\nIf you do not recognise an order, write to us at ${v.support}.`,
    }),
    'policy-issued': (v) => ({
      subject: `Your ${v.product} policy ${v.number} has been issued`,
      text: `Hello ${v.name},\n\nYour ${v.product} policy from ${v.insurer} has been issued: series and number ${v.number}, valid from ${v.start} to ${v.end}.\n\nThe policy document is attached to this message. Policy check: ${v.verify}\n\nThank you for choosing ${v.brand}.`,
    }),
    'policy-not-issued': (v) => ({
      subject: `Your ${v.product} policy could not be issued`,
      text: `Hello ${v.name},\n\nWe are sorry: the insurer ${v.insurer} did not issue the policy you ordered (order ${v.order}). The amount of ${v.amount} has been refunded to your card; it may take a few working days to appear.\n\nYou can ask for a new quote at any time on ${v.site}. For questions, write to ${v.support}.`,
    }),
    'note-reminder': (v) => ({
      subject: `Reminder for ${v.plate}: ${v.title}`,
      text: `Hello ${v.name},\n\nYou asked for a reminder about your vehicle ${v.plate}:\n\n${v.title}\n\n${v.excerpt}\n\nThe note: ${v.link}`,
    }),
    'registration-attempt': (v) => ({
      subject: `Someone tried to create a ${v.brand} account with your address`,
      text: `Hello ${v.name},\n\nSomeone tried to create a new ${v.brand} account with this e-mail address, which already belongs to your account. Your account was not changed and no new account was created.\n\nIf it was you and you no longer remember your password, you can reset it here:\n\n${v.link}\n\nIf it was not you, there is nothing to do. For questions, write to us at ${v.support}.`,
    }),
    'policy-end-reminder': (v) => {
      const when = v.days === '1' ? 'tomorrow' : `in ${v.days} days`
      const plate = v.plate ? ` for ${v.plate}` : ''
      return {
        subject: `${v.what}${plate} ends ${when}`,
        text: `Hello ${v.name},\n\n${v.what} ${v.number} (${v.insurer})${plate} is valid until ${v.end} inclusive: its last day is ${when}.\n\nRenew it in good time here: ${v.renew}\n\nYour orders and documents: ${v.link}\n\nChoose which reminders you get and where: ${v.settings}`,
      }
    },
    'direct-booking-received': (v) => ({
      subject: `Your request ${v.reference} was received`,
      text: `Hello${v.name ? ` ${v.name}` : ''},\n\nWe received your request for assistance (${bookingWords.en.kinds[v.kind as BookingKind] ?? v.kind}) for the vehicle ${v.plate}. The reference is ${v.reference}: say it when we call you or you call us.\n\nWe will call you on ${v.phone} as soon as we can, and write to you at every change of its status.\n\n${v.link}\n\nIf anyone is hurt or in danger, call 112 at once.`,
    }),
    'direct-booking-status': (v) => ({
      subject: `Request ${v.reference}: ${bookingWords.en.statuses[v.status as BookingStatus] ?? v.status}`,
      text: `Hello${v.name ? ` ${v.name}` : ''},\n\nYour request for assistance ${v.reference} for the vehicle ${v.plate} has a new status: ${bookingWords.en.statuses[v.status as BookingStatus] ?? v.status}.\n\n${bookingWords.en.explain[v.status as BookingStatus] ?? ''}\n\n${v.link}`,
    }),
  },
  fr: {
    'password-reset': (v) => ({
      subject: `Réinitialisez votre mot de passe ${v.brand}`,
      text: `Bonjour ${v.name},\n\nVous avez demandé à réinitialiser le mot de passe de votre compte ${v.brand}. Ouvrez le lien ci-dessous dans les 60 minutes :\n\n${v.link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe ne change pas.`,
    }),
    welcome: (v) => ({
      subject: `Bienvenue chez ${v.brand}`,
      text: `Bonjour ${v.name},\n\nVotre compte ${v.brand} est prêt. Confirmez votre adresse e-mail avec le lien ci-dessous :\n\n${v.link}\n\nVous pouvez acheter sans confirmer ; nous vous le rappellerons si nécessaire.`,
    }),
    'two-factor-code': (v) => ({
      subject: `Votre code de connexion ${v.brand} : ${v.code}`,
      text: `Votre code de connexion est ${v.code}. Il est valable 10 minutes et ne sert qu’une fois.\n\nSi vous n’essayez pas de vous connecter, changez votre mot de passe.`,
    }),
    'welcome-google': (v) => ({
      subject: `Bienvenue chez ${v.brand}`,
      text: `Bonjour ${v.name},\n\nVotre compte ${v.brand} a été créé avec Google. Vous vous connectez avec le bouton « Continuer avec Google » ; Google a déjà confirmé votre adresse e-mail.\n\nVotre compte : ${v.link}\n\nSi vous souhaitez aussi vous connecter avec un mot de passe, choisissez-en un ici :\n\n${v.reset}`,
    }),
    'email-verify': (v) => ({
      subject: `Confirmez votre adresse e-mail ${v.brand}`,
      text: `Bonjour ${v.name},\n\nConfirmez l’adresse e-mail de votre compte ${v.brand} avec le lien ci-dessous, dans les 24 heures :\n\n${v.link}\n\nSi vous n’avez pas de compte ${v.brand}, ignorez ce message.`,
    }),
    'email-change': (v) => ({
      subject: `Confirmez votre nouvelle adresse e-mail ${v.brand}`,
      text: `Bonjour ${v.name},\n\nVous avez demandé que votre compte ${v.brand} utilise désormais cette adresse. L’adresse ne change qu’une fois le lien ci-dessous ouvert, dans les 24 heures :\n\n${v.link}\n\nSi vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne change.`,
    }),
    'email-change-notice': (v) => ({
      subject: `Demande de changement de votre adresse e-mail ${v.brand}`,
      text: `Bonjour ${v.name},\n\nQuelqu’un a demandé que votre compte ${v.brand} utilise l’adresse ${v.address}. Le changement n’a lieu qu’après confirmation depuis la nouvelle adresse.\n\nSi ce n’est pas vous, changez votre mot de passe et écrivez-nous à ${v.support}.`,
    }),
    'password-changed': (v) => ({
      subject: `Votre mot de passe ${v.brand} a été changé`,
      text: `Bonjour ${v.name},\n\nLe mot de passe de votre compte ${v.brand} a été changé et vos autres appareils ont été déconnectés.\n\nSi ce n’est pas vous, réinitialisez votre mot de passe tout de suite et écrivez-nous à ${v.support}.`,
    }),
    'account-deleted': (v) => ({
      subject: `Votre compte ${v.brand} a été supprimé`,
      text: `Bonjour,\n\nLe compte ${v.brand} de cette adresse a été supprimé à votre demande. Vos nom, téléphone et mot de passe ont été effacés ; nous ne gardons que l’adresse e-mail, pour savoir que ce compte n’existe plus.\n\nSi ce n’est pas vous, écrivez-nous à ${v.support}.`,
    }),
    'welcome-checkout': (v) => ({
      subject: `Votre compte ${v.brand} a été créé`,
      text: `Bonjour,\n\nNous avons créé un compte ${v.brand} pour votre commande, afin que vous retrouviez à tout moment votre police et vos documents. Choisissez un mot de passe avec le lien ci-dessous dans les 7 jours :\n\n${v.link}\n\nConfirmez aussi votre adresse e-mail :\n\n${v.confirm}\n\nSi vous n’avez pas passé cette commande, ignorez ce message.`,
    }),
    'orders-joined': (v) => ({
      subject: `Nouvelles commandes dans votre compte ${v.brand}`,
      text: `Bonjour,\n\nL’adresse e-mail de votre compte ${v.brand} est confirmée. Les commandes passées sans compte avec cette adresse ont été ajoutées à votre compte ; vous les trouvez ici :\n\n${v.link}\n\nSi vous ne reconnaissez pas une commande, écrivez-nous à ${v.support}.`,
    }),
    'policy-issued': (v) => ({
      subject: `Votre police ${v.product} ${v.number} a été émise`,
      text: `Bonjour ${v.name},\n\nVotre police ${v.product} de ${v.insurer} a été émise : série et numéro ${v.number}, valable du ${v.start} au ${v.end}.\n\nLe document de la police est joint à ce message. Vérification de la police : ${v.verify}\n\nMerci d’avoir choisi ${v.brand}.`,
    }),
    'policy-not-issued': (v) => ({
      subject: `Votre police ${v.product} n’a pas pu être émise`,
      text: `Bonjour ${v.name},\n\nNous sommes désolés : l’assureur ${v.insurer} n’a pas émis la police commandée (commande ${v.order}). Le montant de ${v.amount} a été remboursé sur votre carte ; il peut falloir quelques jours ouvrés pour qu’il apparaisse.\n\nVous pouvez demander un nouveau devis à tout moment sur ${v.site}. Pour toute question, écrivez-nous à ${v.support}.`,
    }),
    'note-reminder': (v) => ({
      subject: `Rappel pour ${v.plate} : ${v.title}`,
      text: `Bonjour ${v.name},\n\nVous avez demandé un rappel pour votre véhicule ${v.plate} :\n\n${v.title}\n\n${v.excerpt}\n\nLa note : ${v.link}`,
    }),
    'registration-attempt': (v) => ({
      subject: `Quelqu’un a essayé de créer un compte ${v.brand} avec votre adresse`,
      text: `Bonjour ${v.name},\n\nQuelqu’un a essayé de créer un nouveau compte ${v.brand} avec cette adresse e-mail, qui appartient déjà à votre compte. Votre compte n’a pas été modifié et aucun compte n’a été créé.\n\nSi c’était vous et que vous ne vous souvenez plus de votre mot de passe, vous pouvez le réinitialiser ici :\n\n${v.link}\n\nSi ce n’était pas vous, vous n’avez rien à faire. Pour toute question, écrivez-nous à ${v.support}.`,
    }),
    'policy-end-reminder': (v) => {
      const when = v.days === '1' ? 'demain' : `dans ${v.days} jours`
      const plate = v.plate ? ` pour ${v.plate}` : ''
      return {
        subject: `${v.what}${plate} expire ${when}`,
        text: `Bonjour ${v.name},\n\n${v.what} ${v.number} (${v.insurer})${plate} est valable jusqu’au ${v.end} inclus : son dernier jour est ${when}.\n\nRenouvelez-la à temps ici : ${v.renew}\n\nVos commandes et documents : ${v.link}\n\nChoisissez quels rappels vous recevez et où : ${v.settings}`,
      }
    },
    'direct-booking-received': (v) => ({
      subject: `Votre demande ${v.reference} a été reçue`,
      text: `Bonjour${v.name ? ` ${v.name}` : ''},\n\nNous avons reçu votre demande d’assistance (${bookingWords.fr.kinds[v.kind as BookingKind] ?? v.kind}) pour le véhicule ${v.plate}. La référence est ${v.reference} : indiquez-la quand nous vous appelons ou quand vous nous appelez.\n\nNous vous appelons au ${v.phone} dès que possible et vous écrivons à chaque changement de statut.\n\n${v.link}\n\nSi quelqu’un est blessé ou en danger, appelez immédiatement le 112.`,
    }),
    'direct-booking-status': (v) => ({
      subject: `Demande ${v.reference} : ${bookingWords.fr.statuses[v.status as BookingStatus] ?? v.status}`,
      text: `Bonjour${v.name ? ` ${v.name}` : ''},\n\nVotre demande d’assistance ${v.reference} pour le véhicule ${v.plate} a un nouveau statut : ${bookingWords.fr.statuses[v.status as BookingStatus] ?? v.status}.\n\n${bookingWords.fr.explain[v.status as BookingStatus] ?? ''}\n\n${v.link}`,
    }),
  },
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Values a person typed (names, note titles and text, plates, addresses): plain text in every
 * part, never a link, not even one a mail client makes by itself (issue 20 §4, decision 94).
 */
const TYPED_VARS = new Set(['name', 'title', 'excerpt', 'plate', 'address', 'phone'])
/** Private-use characters fence a typed value while the template is filled in; removed from typed values first. */
const OPEN = '\uE000'
const CLOSE = '\uE001'
const FENCED = /\uE000([^\uE001]*)\uE001/g

/**
 * Text part and subject: `evil.example` reads `evil[.]example` (a dot before a letter, as in
 * every domain; `10.000 km` stays), `https://` reads `https[:]//`, `@` reads `[@]`: no client
 * finds a link in it.
 */
const defangText = (typed: string) =>
  typed
    .replace(/:\/\//g, '[:]//')
    .replace(/(?<=[\p{L}\p{N}])\.(?=\p{L})/gu, '[.]')
    .replace(/@/g, '[@]')

/** HTML part: escaped, and each `.`, `:`, `/` and `@` in its own element, so no text node holds an address a client could turn into a link. */
const typedHtml = (typed: string) => escapeHtml(typed).replace(/[.:/@]/g, (c) => `<span>${c}</span>`)

/** The site's own text: escaped, its links become anchors. */
const ownHtml = (text: string) => escapeHtml(text).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')

/** The message in the recipient's language; the site's links become anchors in the HTML part, typed values never do. */
export function renderMail(kind: MailKind, locale: Locale, vars: Record<string, string>): Rendered & { html: string } {
  const fenced = Object.fromEntries(
    // Empty values stay empty: templates test them (`v.plate ? … : ''`).
    Object.entries(vars).map(([key, value]) => [key, TYPED_VARS.has(key) && value !== '' ? `${OPEN}${value.replace(/[\uE000\uE001]/g, '')}${CLOSE}` : value]),
  )
  const rendered = templates[locale][kind](fenced)
  const plain = (s: string) => s.replace(FENCED, (_, typed: string) => defangText(typed))
  let body = ''
  let from = 0
  for (const match of rendered.text.matchAll(FENCED)) {
    body += ownHtml(rendered.text.slice(from, match.index)) + typedHtml(match[1]!)
    from = match.index + match[0].length
  }
  body += ownHtml(rendered.text.slice(from))
  const html = `<p>${body.replace(/\n\n/g, '</p>\n<p>').replace(/\n/g, '<br>')}</p>`
  return {
    subject: plain(rendered.subject),
    text: plain(rendered.text),
    html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif">${html}</body></html>`,
  }
}
