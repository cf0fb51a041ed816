/* global document */
// The baseline of `npm run lighthouse`: an empty Vite React page, a heading drawn by React in the browser.
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Fika'))
