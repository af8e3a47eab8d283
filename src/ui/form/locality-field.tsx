import { useEffect, useState, type ReactNode } from 'react'
import type { LocalityList } from '~/contract/addresses'
import { FormField } from './form-parts'
import { fieldId, type ContractFormApi } from './use-contract-form'

/** Counties already asked for, so choosing one again does not ask twice. */
const asked = new Map<string, Promise<string[]>>()

const namesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [])

function localitiesOf(county: string): Promise<string[]> {
  let localities = asked.get(county)
  if (!localities) {
    localities = fetch(`/api/v1/addresses/localities?county=${encodeURIComponent(county)}`, { headers: { accept: 'application/json' } })
      // Read without zod, which the first load does not carry; anything unexpected is no list.
      .then(async (response) => (response.ok ? namesOf(((await response.json()) as Partial<LocalityList>).data?.localities) : []))
      .catch(() => {
        asked.delete(county) // asked again next time: the list only helps, the API checks what is sent
        return []
      })
    asked.set(county, localities)
  }
  return localities
}

/**
 * The locality of an address: a text field whose type-ahead (a native `<datalist>`) offers the
 * chosen county's SIRUTA localities. The list is asked for when a county is chosen (from
 * `GET /api/v1/addresses/localities`), never bundled with the page; without JavaScript the field
 * is a plain text field and the API answers a name it does not know beside it.
 */
export function LocalityField({ form, name, countyField, label }: { form: ContractFormApi; name: string; countyField: string; label: ReactNode }) {
  return (
    <form.form.Subscribe selector={(state) => (state.values as Record<string, unknown>)[countyField]}>
      {(county) => <LocalityInput form={form} name={name} label={label} county={typeof county === 'string' ? county : ''} />}
    </form.form.Subscribe>
  )
}

function LocalityInput({ form, name, label, county }: { form: ContractFormApi; name: string; label: ReactNode; county: string }) {
  const listId = `${fieldId(form.id, name)}-list`
  const [loaded, setLoaded] = useState<{ county: string; localities: string[] }>({ county: '', localities: [] })
  useEffect(() => {
    if (!county) return
    let current = true
    void localitiesOf(county).then((localities) => {
      if (current) setLoaded({ county, localities })
    })
    return () => {
      current = false
    }
  }, [county])
  const localities = county && loaded.county === county ? loaded.localities : []
  return (
    <FormField form={form} name={name} label={label}>
      {(control) => (
        <>
          <input {...control} list={listId} autoComplete="address-level2" required />
          <datalist id={listId}>
            {localities.map((locality) => (
              <option key={locality} value={locality} />
            ))}
          </datalist>
        </>
      )}
    </FormField>
  )
}
