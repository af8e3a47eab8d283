import type { Locale } from '~/i18n/locales'

/** Every message the site sends, in each site language. Plain text first; HTML is derived. */
export type MailKind = 'password-reset' | 'welcome' | 'two-factor-code'

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
