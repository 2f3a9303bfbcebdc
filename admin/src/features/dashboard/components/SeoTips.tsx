import { Card } from '../../../components/ui/Card.tsx'

/** The spec's 'SEO İpuçları' placeholder card. */
export function SeoTips() {
  return (
    <Card title="SEO İpuçları">
      <ul className="tips">
        <li>Her blog yazısına açıklayıcı bir başlık ve kısa bir özet yazın.</li>
        <li>Görsellerinizi yüklemeden önce küçültün; sayfalar daha hızlı açılır.</li>
        <li>İletişim ayarlarındaki adres ve telefon bilgilerini güncel tutun.</li>
      </ul>
      <p className="muted">Daha ayrıntılı öneriler yakında burada olacak.</p>
    </Card>
  )
}
