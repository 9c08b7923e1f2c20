import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { hydrateServerPage } from './hydrate'
import { AppProviders } from './providers'
import { routes } from './router'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

// A server-rendered public page is hydrated; every other page (index.html) is rendered here.
const hydrated = await hydrateServerPage(container)
if (!hydrated) {
  // index.html's description is for whoever reads it without JavaScript. Each page renders its own (a
  // public page reached from here would otherwise carry two).
  for (const meta of document.head.querySelectorAll('meta[name="description"]')) meta.remove()
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>,
  )
}
