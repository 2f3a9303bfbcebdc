import { Card } from '../../../components/ui/Card.tsx'

/** The spec's 'SEO İpuçları' card: tips that hold for this site as it works today (no 'coming soon' promise). */
export function SeoTips() {
  return (
    <Card title="SEO İpuçları">
      <ul className="tips">
        <li>Her blog yazısına açıklayıcı bir başlık ve kısa bir özet yazın.</li>
        <li>
          Görsellere Medya Yönetimi'nde alternatif metin ekleyin: arama motorları ve ekran okuyucular onu okur.
        </li>
        <li>Telefon fotoğraflarını olduğu gibi yükleyebilirsiniz; sayfalara uygun boyutları otomatik hazırlanır.</li>
        <li>İletişim ayarlarındaki adres ve telefon bilgilerini güncel tutun.</li>
      </ul>
    </Card>
  )
}
