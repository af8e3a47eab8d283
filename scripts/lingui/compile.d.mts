/** Compiles one `.po` catalog of lingui.config.ts into the source of an ES module exporting `messages`. */
export function compilePo(file: string): Promise<string>
