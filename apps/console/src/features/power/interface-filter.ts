import type { InterfaceCatalogue } from '@lending/contract';

/** The catalogue's modules and interfaces whose id, path, summary or module contain the text. */
export function filterCatalogue(
  catalogue: InterfaceCatalogue,
  text: string,
): InterfaceCatalogue['modules'] {
  const needle = text.trim().toLowerCase();
  if (!needle) return catalogue.modules;
  return catalogue.modules
    .map((group) => ({
      module: group.module,
      interfaces: group.module.toLowerCase().includes(needle)
        ? group.interfaces
        : group.interfaces.filter((entry) =>
            [entry.id, entry.path, entry.summary].some((field) =>
              field.toLowerCase().includes(needle),
            ),
          ),
    }))
    .filter((group) => group.interfaces.length > 0);
}
