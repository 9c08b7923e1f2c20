/**
 * What main.tsx imports before the app: React, React DOM, React Router and TanStack Query. A
 * module graph is evaluated in one task once it has loaded; evaluating these libraries first, then the
 * app, splits what was one long task on a phone into shorter ones.
 */
export { QueryClient } from '@tanstack/react-query'
export { hydrateRoot } from 'react-dom/client'
export { createBrowserRouter } from 'react-router'
