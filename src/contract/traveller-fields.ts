/** The checkout's field of a traveller's name (`traveller_2_last_name`): one pair per traveller of a travel quote. Zod-free: the page takes it on first load. */
export const travellerNameField = (index: number, part: 'first_name' | 'last_name') => `traveller_${index + 1}_${part}`
