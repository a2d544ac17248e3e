import type { CatalogueOf } from './catalogue';
import type { englishAppMessages } from './en';

/** The application's own strings in Spanish, the default language (SPEC: locale es). */
export const spanishAppMessages = {
  app: {
    name: 'Rúbrica',
    tagline: 'Firma electrónica y digital con gestión de contratos',
    document_title: '%{page} · Rúbrica',
    login: {
      title: 'Iniciar sesión',
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Iniciar sesión',
      forgot_password: '¿Olvidó su contraseña?',
      // SPEC §8: the default error title when the server gives no message.
      error: 'Error del servidor',
    },
    home: {
      title: 'Inicio',
      greeting: 'Hola, %{name}',
    },
  },
  resources: {
    roles: {
      name: 'Rol |||| Roles',
      fields: {
        id: 'Id',
        name: 'Nombre',
        permissions: 'Permisos',
      },
    },
  },
} satisfies CatalogueOf<typeof englishAppMessages>;
