import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CONTACT_HONEYPOT } from '#schema/contact-message.ts'
import { msg } from '#schema/messages.ts'
import {
  contactBlockedReason,
  contactErrors,
  contactFieldError,
  contactFields,
  contactPayload,
  emptyContact,
  isContactComplete,
  type ContactField,
} from '../lib/contact-form.ts'
import { callApi, fieldErrorsOf, messageOf } from '../lib/island-api.ts'
import { Notice } from './Notice.tsx'
import { useTimedNotice } from './use-timed-notice.ts'
import './contact-form.css'

type FieldSpec = { name: ContactField; label: string; type: string; autoComplete: string; wide?: boolean }

const fields: FieldSpec[] = [
  { name: 'name', label: 'Adınız Soyadınız', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'E-posta', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Telefon', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Konu', type: 'text', autoComplete: 'off' },
  { name: 'message', label: 'Mesajınız', type: 'textarea', autoComplete: 'off', wide: true },
]

/**
 * Contact form: enabled once all five fields are filled; POST /api/contact; banner for 5 s; cleared on success.
 * A field that was typed in is checked when it loses focus, and the error says why (issue 23); a shown error is
 * re-checked as the visitor types, so it goes away once the value is right. A send checks every field first.
 */
export function ContactForm() {
  const [values, setValues] = useState(emptyContact)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const [notice, showNotice] = useTimedNotice(5000)
  const formRef = useRef<HTMLFormElement>(null)

  // Text typed into the static HTML before hydration would otherwise be invisible to React: adopt it.
  useEffect(() => {
    const form = formRef.current
    if (!form) return
    const typed = Object.fromEntries(
      contactFields.map((name) => [
        name,
        (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '',
      ]),
    )
    if (contactFields.some((name) => typed[name] !== '')) setValues((v) => ({ ...v, ...typed }))
    // A field already left before then gets its message now, as it would have on leaving.
    const early: Record<string, string> = {}
    for (const name of contactFields) {
      const field = form.elements.namedItem(name)
      const error =
        typed[name] && field !== document.activeElement ? contactFieldError(name, typed[name]) : null
      if (error) early[name] = error
    }
    if (Object.keys(early).length > 0) setErrors(early)
  }, [])

  const dirty = useRef(new Set<ContactField>())

  function setFieldError(name: ContactField, error: string | null) {
    setErrors(({ [name]: _, ...rest }) => (error ? { ...rest, [name]: error } : rest))
  }

  function change(name: ContactField, value: string) {
    dirty.current.add(name)
    setValues((v) => ({ ...v, [name]: value }))
    if (errors[name]) setFieldError(name, contactFieldError(name, value))
  }

  function leave(name: ContactField, value: string) {
    // Typed in (or typed before the island woke up, then adopted): say now what is wrong with it.
    if (dirty.current.has(name) || value.trim() !== '') setFieldError(name, contactFieldError(name, value))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending || !isContactComplete(values)) return
    const invalid = contactErrors(values)
    if (Object.keys(invalid).length > 0) {
      setErrors(invalid)
      const first = contactFields.find((name) => invalid[name])!
      ;(formRef.current?.elements.namedItem(first) as HTMLElement | null)?.focus()
      return
    }
    setSending(true)
    // The honeypot is uncontrolled: people never see it, a naive bot fills it and the server drops the message.
    const trap = formRef.current?.elements.namedItem(CONTACT_HONEYPOT) as HTMLInputElement | null
    const json = { ...contactPayload(values), [CONTACT_HONEYPOT]: trap?.value ?? '' }
    const result = await callApi('/api/contact', { json })
    setSending(false)
    if (result.ok) {
      setValues(emptyContact)
      setErrors({})
      showNotice('success', messageOf(result.body, msg.contactSent))
    } else {
      setErrors(fieldErrorsOf(result.body))
      showNotice('error', messageOf(result.body, msg.contactSendError))
    }
  }

  const blocked = sending ? null : contactBlockedReason(values, errors)

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={submit} aria-busy={sending}>
      <div className="contact-form__grid">
        {fields.map((f) => {
          const id = `contact-${f.name}`
          const error = errors[f.name]
          const common = {
            id,
            name: f.name,
            value: values[f.name],
            required: true,
            autoComplete: f.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
          }
          return (
            <div key={f.name} className={`contact-form__field${f.wide ? ' contact-form__field--wide' : ''}`}>
              <label htmlFor={id}>{f.label}</label>
              {f.type === 'textarea' ? (
                <textarea
                  {...common}
                  rows={6}
                  onChange={(e) => change(f.name, e.target.value)}
                  onBlur={(e) => leave(f.name, e.target.value)}
                />
              ) : (
                <input
                  {...common}
                  type={f.type}
                  onChange={(e) => change(f.name, e.target.value)}
                  onBlur={(e) => leave(f.name, e.target.value)}
                />
              )}
              {error && (
                <p id={`${id}-error`} className="contact-form__error">
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </div>
      {/* Off screen, out of the tab order and hidden from screen readers: only a bot fills it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Bu alanı boş bırakın</label>
        <input id="contact-website" name={CONTACT_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Notice notice={notice} className="contact-form__notice" />
      <div className="contact-form__actions">
        <button
          type="submit"
          className="btn btn--primary contact-form__submit"
          disabled={sending || !isContactComplete(values)}
          aria-describedby={blocked ? 'contact-form-blocked' : undefined}
        >
          {sending ? msg.sending : 'Gönder'}
        </button>
        {blocked && (
          <p id="contact-form-blocked" className="contact-form__blocked">
            {blocked}
          </p>
        )}
      </div>
    </form>
  )
}
