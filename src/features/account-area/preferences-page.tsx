import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import type { AccountPreferences, CalendarFeed } from '~/contract/account-area'
import { REMINDER_KINDS, reminderField, type ReminderKind } from '~/contract/account-area-constants'
import { formatDate } from '~/i18n/dates'
import { isLocale } from '~/i18n/locales'
import { CheckboxField, ContractForm, FormError, FormField, SubmitButton } from '~/ui/form/form-parts'
import { useContractForm } from '~/ui/form/use-contract-form'
import { notify } from '~/ui/toaster'
import { renewCalendarFeed, updatePreferences } from './account-area.functions'

/** `/account/preferences`: language, theme, reminder routing, marketing consent; the calendar feed. */
export function PreferencesPage({ preferences, feed }: { preferences: AccountPreferences; feed: CalendarFeed }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const locale = isLocale(i18n.locale) ? i18n.locale : 'ro'
  const save = useServerFn(updatePreferences)
  const renew = useServerFn(renewCalendarFeed)
  const form = useContractForm({
    id: 'preferences',
    action: updatePreferences,
    schema: () => import('~/contract/account-area-forms').then((m) => m.PreferencesForm),
    defaultValues: {
      language: preferences.language as string,
      theme: preferences.theme as string,
      ...Object.fromEntries(
        REMINDER_KINDS.flatMap((kind) => [
          [reminderField(kind, 'email'), preferences.reminders[kind].email],
          [reminderField(kind, 'notification_centre'), preferences.reminders[kind].notification_centre],
        ]),
      ),
      marketing_consent: preferences.marketing_consent,
    },
    send: (values) => save({ data: values }),
    onDone: async (saved) => {
      notify('success', t`Your preferences were saved.`)
      // Language and theme are cookies now: a full load renders the page with them.
      if (saved.language !== preferences.language || saved.theme !== preferences.theme) window.location.reload()
      else await router.invalidate()
    },
    failureMessage: t`Your preferences could not be saved. Please try again.`,
  })
  const renewForm = useContractForm({
    id: 'calendar-renew',
    action: renewCalendarFeed,
    schema: () => import('~/contract/account-area-forms').then((m) => m.EmptyForm),
    defaultValues: {},
    send: () => renew({ data: {} }),
    onDone: async () => {
      notify('success', t`The calendar has a new address. Subscribe again with it; the old one no longer works.`)
      await router.invalidate()
    },
    failureMessage: t`A new calendar address could not be made. Please try again.`,
  })
  const kinds: Record<ReminderKind, string> = {
    itp: t`ITP due dates`,
    note: t`Note reminders`,
    policy_end: t`Policies about to end`,
    vignette_end: t`Vignettes about to end`,
  }
  return (
    <>
      <h1 id="preferences-title">
        <Trans>Preferences</Trans>
      </h1>
      <p className="lead">
        <Trans>They are kept with your account and applied whenever you sign in, on any device.</Trans>
      </p>
      <ContractForm form={form} labelledBy="preferences-title">
        <FormField form={form} name="language" label={<Trans>Language</Trans>}>
          {(p) => (
            <select {...p}>
              <option value="ro">Română</option>
              <option value="en">English</option>
              <option value="fr">Français</option>
            </select>
          )}
        </FormField>
        <FormField form={form} name="theme" label={<Trans>Theme</Trans>}>
          {(p) => (
            <select {...p}>
              <option value="light">{t`Light`}</option>
              <option value="dark">{t`Dark`}</option>
              <option value="system">{t`As the device`}</option>
            </select>
          )}
        </FormField>
        <fieldset className="field">
          <legend>
            <Trans>Where reminders arrive</Trans>
          </legend>
          <table className="data-table reminder-routing">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Reminder</Trans>
                </th>
                <th scope="col">
                  <Trans>E-mail</Trans>
                </th>
                <th scope="col">
                  <Trans>Notification centre</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {REMINDER_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{kinds[kind]}</th>
                  <td>
                    <CheckboxField form={form} name={reminderField(kind, 'email')} label={<span className="visually-hidden">{t`${kinds[kind]} by e-mail`}</span>} />
                  </td>
                  <td>
                    <CheckboxField
                      form={form}
                      name={reminderField(kind, 'notification_centre')}
                      label={<span className="visually-hidden">{t`${kinds[kind]} in the notification centre`}</span>}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
        <CheckboxField form={form} name="marketing_consent" label={<Trans>Send me offers and news by e-mail (you can withdraw this at any time)</Trans>} />
        {preferences.marketing_consent_at ? (
          <p className="field__hint">
            {preferences.marketing_consent ? (
              <Trans>Consent given on {formatDate(preferences.marketing_consent_at, locale, 'dateTime')}.</Trans>
            ) : (
              <Trans>Consent withdrawn on {formatDate(preferences.marketing_consent_at, locale, 'dateTime')}.</Trans>
            )}
          </p>
        ) : null}
        <FormError form={form} />
        <SubmitButton form={form}>
          <Trans>Save the preferences</Trans>
        </SubmitButton>
      </ContractForm>

      <section className="section account-section" aria-labelledby="calendar-title">
        <h2 id="calendar-title">
          <Trans>Calendar of deadlines</Trans>
        </h2>
        <p>
          <Trans>
            Subscribe to this private address in Google Calendar or Apple Calendar to see your ITP dates, the ends of your policies and vignettes, and your note reminders.
            Anyone who has the address can see them: if it leaks, make a new one.
          </Trans>
        </p>
        <div className="field">
          <label htmlFor="calendar-url">
            <Trans>Calendar address</Trans>
          </label>
          <input id="calendar-url" readOnly value={feed.url} className="secret" onFocus={(e) => e.currentTarget.select()} data-testid="calendar-url" />
        </div>
        <ContractForm form={renewForm} className="inline-form">
          <FormError form={renewForm} />
          <SubmitButton form={renewForm} className="button button--secondary">
            <Trans>Make a new address</Trans>
          </SubmitButton>
        </ContractForm>
      </section>
    </>
  )
}
