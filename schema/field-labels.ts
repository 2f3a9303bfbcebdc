import { categories } from './reference.ts'

/** Turkish names of content fields as the admin forms show them (history and conflict views); others keep their name. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Başlık',
  title1: 'Başlık',
  title2: 'Bölüm 1 başlığı',
  title3: 'Bölüm 2 başlığı',
  description: 'Açıklama',
  description1: 'Bölüm 1 metni',
  description2: 'Bölüm 2 metni',
  image1: 'Bölüm 1 görseli',
  image2: 'Bölüm 2 görseli',
  excerpt: 'Özet',
  author: 'Yazar',
  tags: 'Etiketler',
  status: 'Durum',
  project_date: 'Proje tarihi',
  featuredImage: 'Öne çıkan görsel',
  images: 'Görseller',
  contentStructure: 'İçerik alanları',
  createdAt: 'Oluşturulma tarihi',
  slug: 'Adres',
  oldSlugs: 'Eski adresler',
  publishAt: 'Yayın zamanı',
  unpublishAt: 'Yayından kaldırma zamanı',
  name: 'Ad',
  version: 'Versiyon',
  logoPath: 'Logo',
  logo: 'Logo',
  fileName: 'Dosya',
  image: 'Görsel',
  category: 'Kategori',
  sector: 'Sektör',
  socials: 'Sosyal medya',
  socialLinks: 'Sosyal medya bağlantıları',
  email: 'E-posta',
  phone: 'Telefon',
  address: 'Adres',
  whatsapp: 'WhatsApp',
  mapUrl: 'Harita adresi',
  aboutText: 'Hakkımızda metni',
  subtitle: 'Alt başlık',
  backgroundMedia: 'Arka plan görseli',
  button1: '1. buton',
  button2: '2. buton',
  tree: 'Hizmet başlıkları',
  cards: 'Kartlar',
  sliderImages: 'Slider görselleri',
  text: 'Metin',
  link: 'Bağlantı',
}

/** The 'Durum' of a post or project as the admin shows it. */
export const STATUS_LABELS: Record<string, string> = { published: 'Yayında', draft: 'Taslak' }

/**
 * A stored value as the admin shows it in history and conflict views: a status as 'Yayında', a reference category
 * as 'Rota Bulut ERP' (never its id 'rota'); other values as they are.
 */
export function valueLabel(key: string, value: string): string {
  if (key === 'status') return STATUS_LABELS[value] ?? value
  if (key === 'category') return (categories as Record<string, string>)[value] ?? value
  return value
}
