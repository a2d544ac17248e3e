import type { MessageKey } from './catalogue';

/**
 * The application's own strings. English is the key source (STYLE 6): every other language
 * `satisfies CatalogueOf<typeof englishAppMessages>`, so a missing or extra key fails to compile.
 */
export const englishAppMessages = {
  app: {
    name: 'Rúbrica',
    tagline: 'Electronic and digital signatures with contract management',
    document_title: '%{page} · Rúbrica',
    login: {
      title: 'Sign in',
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
      forgot_password: 'Forgot your password?',
      error: 'Server error',
    },
    home: {
      title: 'Home',
      greeting: 'Hello, %{name}',
    },
  },
  resources: {
    roles: {
      name: 'Role |||| Roles',
      fields: {
        id: 'Id',
        name: 'Name',
        permissions: 'Permissions',
      },
    },
  },
} as const;

export type AppMessageKey = MessageKey<typeof englishAppMessages>;
