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

interface Rendered {
  subject: string
  text: string
}

type Templates = Record<MailKind, (vars: Record<string, string>) => Rendered>

const templates: Record<Locale, Templates> = {
  ro: {
    'password-reset': (v) => ({
      subject: `Resetarea parolei ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nAți cerut resetarea parolei contului ${v.brand}. Deschideți linkul de mai jos în următoarele 60 de minute:\n\n${v.link}\n\nDacă nu dumneavoastră ați cerut-o, ignorați acest mesaj: parola rămâne aceeași.`,
    }),
    welcome: (v) => ({
      subject: `Bun venit la ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nContul dumneavoastră ${v.brand} a fost creat. Confirmați adresa de e-mail cu linkul de mai jos:\n\n${v.link}\n\nPuteți cumpăra și fără confirmare; o amintire vă vom trimite dacă nu ați confirmat-o.`,
    }),
    'two-factor-code': (v) => ({
      subject: `Codul de autentificare ${v.brand}: ${v.code}`,
      text: `Codul dumneavoastră de autentificare este ${v.code}. Este valabil 10 minute și poate fi folosit o singură dată.\n\nDacă nu încercați să vă autentificați, schimbați-vă parola.`,
    }),
    'welcome-google': (v) => ({
      subject: `Bun venit la ${v.brand}`,
      text: `Bună ziua, ${v.name},\n\nContul dumneavoastră ${v.brand} a fost creat cu Google. Vă autentificați cu butonul „Continuați cu Google”; adresa de e-mail este deja confirmată de Google.\n\nContul dumneavoastră: ${v.link}\n\nDacă doriți să vă autentificați și cu o parolă, alegeți una aici:\n\n${v.reset}`,
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
  },
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The message in the recipient's language; links become anchors in the HTML part. */
export function renderMail(kind: MailKind, locale: Locale, vars: Record<string, string>): Rendered & { html: string } {
  const { subject, text } = templates[locale][kind](vars)
  const html = text
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p).replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>').replace(/\n/g, '<br>')}</p>`)
    .join('\n')
  return { subject, text, html: `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif">${html}</body></html>` }
}
