import { createRoot } from 'react-dom/client'
import { msg } from '#schema/messages.ts'

createRoot(document.getElementById('root')!).render(<p>{msg.loading}</p>)
