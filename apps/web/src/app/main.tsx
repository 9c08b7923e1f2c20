import '@fontsource-variable/inter'
import '../styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers'
import { createRouter } from './router'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

const router = createRouter()

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
