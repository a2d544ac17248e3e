import { createContext, useContext } from 'react';
import { MENU, type MenuEntryDefinition } from '../access/menu';

/**
 * The application's menu: SPEC §2.6 plus the entries declared resources add. The admin app provides
 * it (`menuOfApp()`); screens read it here rather than from the resource registry, whose resources
 * import those same screens (an import cycle). Without a provider (a screen alone in a test) it is
 * the SPEC table.
 */
export const AppMenuContext = createContext<readonly MenuEntryDefinition[]>(MENU);

export const useAppMenu = () => useContext(AppMenuContext);
