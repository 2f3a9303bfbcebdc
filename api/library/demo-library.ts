import { writeFile } from 'node:fs/promises'
import type { Deps } from '../app-env.ts'
import { newId } from '../lib/ids.ts'
import { log } from '../lib/log.ts'
import type { LibraryFile } from '../store/private/library.ts'
import { makePdf, type PdfBlock } from './pdf-writer.ts'

/** The demo items' author as the library shows it. */
const AUTHOR = { id: 'demo', name: 'Netiz Dijital Dönüşüm' }

const GUIDE: PdfBlock[] = [
  {
    heading: '1. e-Fatura nedir?',
    text: 'e-Fatura, kağıt faturayla aynı hukuki niteliklere sahip, UBL-TR biçiminde elektronik olarak düzenlenen ve Gelir İdaresi Başkanlığı sistemi üzerinden alıcısına iletilen faturadır. Mükellefler arasında düzenlenir; alıcısı sisteme kayıtlı olmayan faturalar e-Arşiv fatura olarak düzenlenir.',
  },
  {
    heading: '2. Kimler geçmek zorunda?',
    text: 'Bir önceki yıl brüt satış hasılatı mevzuatta belirlenen sınırı aşan mükellefler, izleyen yılın Temmuz ayı başından itibaren e-Fatura ve e-Defter uygulamalarına geçmek zorundadır. Bazı sektörlerde (örneğin aracı hal, akaryakıt, ithalat) hasılat sınırı aranmaz.',
  },
  {
    heading: '3. Geçiş adımları',
    text: 'Mali mühür veya nitelikli elektronik sertifika (e-İmza) edinin. Bir özel entegratör seçin ya da GİB Portal yöntemini kullanın. Başvurunuzu e-Belge portalında tamamlayın. Muhasebe programınızın UBL-TR çıktısını ve seri numaralarını kontrol edin. İlk faturanızı test ortamında deneyin ve kabul yanıtını bekleyin.',
  },
  {
    heading: '4. Sık yapılan hatalar',
    text: 'Vergi kimlik numarasının yanlış yazılması, senaryo seçiminde temel fatura yerine ticari faturanın kullanılması, fatura numarasının 16 hane kuralına uymaması ve iade faturalarında belge tarihinin eksik bırakılması en sık karşılaşılan hatalardır. Reddedilen faturalar için yeni bir fatura düzenlenmelidir.',
  },
  {
    heading: '5. Saklama ve arşiv',
    text: 'e-Faturalar elektronik ortamda on yıl süreyle saklanmalı ve istendiğinde ibraz edilmelidir. Özel entegratör kullanan mükellefler için saklama hizmeti entegratör tarafından da sunulabilir. Kılavuzdaki bilgiler genel bilgilendirme amaçlıdır; güncel mevzuat için danışmanınıza başvurun.',
  },
]

/** An XSLT of our own that shows the sample invoice as a small table (the viewer runs it in its sandbox). */
const INVOICE_XSLT = `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:inv="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <xsl:output method="html" encoding="UTF-8"/>
  <xsl:template match="/inv:Invoice">
    <html><head><title>e-Fatura</title>
    <style>body{font-family:sans-serif;margin:24px;color:#1f2937}table{border-collapse:collapse;width:100%}td,th{border:1px solid #cbd5e1;padding:6px;text-align:left}th{background:#eef2ff}</style>
    </head><body>
      <h1>e-Fatura</h1>
      <p>Fatura No: <xsl:value-of select="cbc:ID"/> · Tarih: <xsl:value-of select="cbc:IssueDate"/></p>
      <p>Satıcı: <xsl:value-of select="cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name"/></p>
      <p>Alıcı: <xsl:value-of select="cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name"/></p>
      <table><tr><th>Mal / Hizmet</th><th>Miktar</th><th>Tutar</th></tr>
        <xsl:for-each select="cac:InvoiceLine"><tr>
          <td><xsl:value-of select="cac:Item/cbc:Name"/></td>
          <td><xsl:value-of select="cbc:InvoicedQuantity"/></td>
          <td><xsl:value-of select="cbc:LineExtensionAmount"/> TL</td>
        </tr></xsl:for-each>
      </table>
      <p>KDV: <xsl:value-of select="cac:TaxTotal/cbc:TaxAmount"/> TL · Ödenecek Tutar: <xsl:value-of select="cac:LegalMonetaryTotal/cbc:PayableAmount"/> TL</p>
    </body></html>
  </xsl:template>
</xsl:stylesheet>
`

/** A small UBL-TR invoice of our own (fictitious parties), carrying its display format as UBL-TR invoices do. */
function invoiceXml(): string {
  const xslt = Buffer.from(INVOICE_XSLT, 'utf8').toString('base64')
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:UBLVersionID>2.1</cbc:UBLVersionID>
  <cbc:CustomizationID>TR1.2</cbc:CustomizationID>
  <cbc:ProfileID>TEMELFATURA</cbc:ProfileID>
  <cbc:ID>NTZ2026000000001</cbc:ID>
  <cbc:UUID>3f1c2a7e-5b8d-4e21-9a0c-7d6e5f4a3b21</cbc:UUID>
  <cbc:IssueDate>2026-01-15</cbc:IssueDate>
  <cbc:InvoiceTypeCode>SATIS</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>TRY</cbc:DocumentCurrencyCode>
  <cbc:LineCountNumeric>2</cbc:LineCountNumeric>
  <cac:AdditionalDocumentReference>
    <cbc:ID>ornek-fatura.xslt</cbc:ID>
    <cbc:IssueDate>2026-01-15</cbc:IssueDate>
    <cbc:DocumentType>XSLT</cbc:DocumentType>
    <cac:Attachment>
      <cbc:EmbeddedDocumentBinaryObject characterSetCode="UTF-8" encodingCode="Base64" filename="ornek-fatura.xslt" mimeCode="application/xml">${xslt}</cbc:EmbeddedDocumentBinaryObject>
    </cac:Attachment>
  </cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyIdentification><cbc:ID schemeID="VKN">1234567890</cbc:ID></cac:PartyIdentification>
    <cac:PartyName><cbc:Name>Örnek Yazılım ve Danışmanlık A.Ş.</cbc:Name></cac:PartyName>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PartyIdentification><cbc:ID schemeID="VKN">9876543210</cbc:ID></cac:PartyIdentification>
    <cac:PartyName><cbc:Name>Deneme Gıda Ticaret Ltd. Şti.</cbc:Name></cac:PartyName>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="TRY">500.00</cbc:TaxAmount>
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="TRY">2500.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="TRY">2500.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="TRY">3000.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="TRY">3000.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="TRY">2000.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>e-Fatura kurulum hizmeti</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="TRY">2000.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
  <cac:InvoiceLine>
    <cbc:ID>2</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="TRY">500.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Mali mühür başvuru desteği</cbc:Name></cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="TRY">500.00</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>
</Invoice>
`
}

/** The start of the uniform chart of accounts (Tek Düzen Hesap Planı), as a spreadsheet opens it. */
const ACCOUNTS: [string, string][] = [
  ['100', 'Kasa'],
  ['101', 'Alınan Çekler'],
  ['102', 'Bankalar'],
  ['103', 'Verilen Çekler ve Ödeme Emirleri (-)'],
  ['108', 'Diğer Hazır Değerler'],
  ['120', 'Alıcılar'],
  ['121', 'Alacak Senetleri'],
  ['136', 'Diğer Çeşitli Alacaklar'],
  ['153', 'Ticari Mallar'],
  ['191', 'İndirilecek KDV'],
  ['252', 'Binalar'],
  ['253', 'Tesis, Makine ve Cihazlar'],
  ['255', 'Demirbaşlar'],
  ['257', 'Birikmiş Amortismanlar (-)'],
  ['320', 'Satıcılar'],
  ['335', 'Personele Borçlar'],
  ['360', 'Ödenecek Vergi ve Fonlar'],
  ['391', 'Hesaplanan KDV'],
  ['500', 'Sermaye'],
  ['600', 'Yurt İçi Satışlar'],
  ['610', 'Satıştan İadeler (-)'],
  ['621', 'Satılan Ticari Mallar Maliyeti (-)'],
  ['632', 'Genel Yönetim Giderleri (-)'],
  ['770', 'Genel Yönetim Giderleri'],
]
const accountsCsv = () =>
  `Hesap Kodu;Hesap Adı\r\n${ACCOUNTS.map(([code, name]) => `${code};${name}`).join('\r\n')}\r\n`

/**
 * Adds a few realistic items on the first start, when the library is empty and was never seeded: a short PDF
 * guide made here from text (searchable by the words inside it), a sample UBL-TR invoice that opens in the XML
 * viewer, a CSV chart of accounts and a link, in four categories. Deleting them later does not bring them back.
 */
export async function seedDemoLibrary(deps: Deps): Promise<boolean> {
  const { library } = deps.data
  if (library.meta('demoSeeded') || library.items.count() > 0 || library.categories.list().length > 0)
    return false
  const at = deps.now()
  const category = (name: string) => library.categories.add({ id: newId(), name, at: at.toISOString() }).id
  const guides = category('Kılavuzlar')
  const samples = category('Örnek Dosyalar')
  const templates = category('Şablonlar')
  const legislation = category('Mevzuat')
  const store = async (name: string, bytes: Uint8Array | string, mime: string): Promise<LibraryFile> => {
    const partial = deps.library.files.newPartial()
    await writeFile(partial.path, bytes, { mode: 0o600 })
    const key = await partial.keep()
    return { key, name, size: Buffer.byteLength(bytes), mime }
  }
  // Minutes apart, oldest first, so the newest list reads in a sensible order.
  const when = (minutesAgo: number) => new Date(at.getTime() - minutesAgo * 60_000).toISOString()
  const add = (item: {
    title: string
    description: string
    category: string
    file?: LibraryFile
    url?: string
    body?: string
    at: string
  }) =>
    library.items.add({
      id: newId(),
      title: item.title,
      description: item.description,
      category: item.category,
      kind: item.file ? 'file' : 'link',
      file: item.file ?? null,
      url: item.url ?? '',
      body: item.body ?? '',
      at: item.at,
      by: AUTHOR,
    })
  add({
    title: 'e-Belge Mevzuatı ve Duyurular',
    description: "Gelir İdaresi Başkanlığı'nın e-Fatura, e-Arşiv ve e-Defter mevzuatı ile güncel duyuruları.",
    category: legislation,
    url: 'https://ebelge.gib.gov.tr',
    at: when(30),
  })
  add({
    title: 'Tek Düzen Hesap Planı (CSV)',
    description: 'Muhasebe programınıza aktarabileceğiniz temel hesap kodları ve adları; Excel ile açılır.',
    category: templates,
    file: await store('Tek Düzen Hesap Planı.csv', accountsCsv(), 'text/csv'),
    at: when(20),
  })
  add({
    title: 'Örnek e-Fatura (UBL-TR XML)',
    description:
      'Görüntüleme formatı içinde gömülü, iki kalemli örnek bir temel fatura. XML görüntüleyicide açılır.',
    category: samples,
    file: await store('Örnek e-Fatura.xml', invoiceXml(), 'application/xml'),
    at: when(10),
  })
  const guideText = GUIDE.map((b) => `${b.heading}\n${b.text}`).join('\n')
  add({
    title: "e-Fatura'ya Geçiş Kılavuzu",
    description: 'Kimlerin geçmesi gerektiği, başvuru adımları, sık yapılan hatalar ve saklama süreleri.',
    category: guides,
    file: await store(
      "e-Fatura'ya Geçiş Kılavuzu.pdf",
      makePdf("e-Fatura'ya Geçiş Kılavuzu", GUIDE),
      'application/pdf',
    ),
    body: guideText,
    at: when(0),
  })
  library.setMeta('demoSeeded', at.toISOString())
  log.info('Kütüphaneye örnek belgeler eklendi.')
  return true
}
