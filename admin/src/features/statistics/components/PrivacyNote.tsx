/** What the figures are made of, said where staff read them (KVKK, decision 320). */
export function PrivacyNote() {
  return (
    <p className="stats-privacy">
      Bu sayılar çerez kullanılmadan tutulur: IP adresi, tarayıcı bilgisi ya da ziyaretçiyi tanıtan başka bir
      bilgi saklanmaz. Arama motoru botları sayılmaz, ziyaretçinin geldiği site yalnızca alan adıyla
      kaydedilir. Günler İstanbul saatine göredir.
    </p>
  )
}
