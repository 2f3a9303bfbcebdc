/** Turkish texts shared by the API, the admin and the site, copied exactly from the spec (sections 5 and 8). */
export const msg = {
  loading: 'Yükleniyor...',
  saving: 'Kaydediliyor...',
  sending: 'Gönderiliyor...',
  genericError: 'Bir hata oluştu!',
  serverError: 'Sunucuda beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
  writeUnavailable: 'Kayıt şu anda yapılamadı. Lütfen birkaç saniye sonra tekrar deneyin.',
  invalidBody: 'Geçersiz istek gövdesi.',
  notFound: 'Kayıt bulunamadı.',
  routeNotFound: 'İstenen adres bulunamadı.',
  fileNotFound: 'Dosya bulunamadı.',
  badOrigin: 'İstek kaynağı doğrulanamadı.',
  unauthorized: 'Bu işlem için giriş yapmalısınız.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  /** Every admin call but the password change, after admin:reset-password (issue 23). */
  passwordChangeRequired: 'Devam etmeden önce yeni şifrenizi belirleyin.',
  tooLarge: 'Gönderilen veri çok büyük.',
  tooManyAttempts: 'Çok fazla deneme yapıldı. Lütfen bir dakika sonra tekrar deneyin.',
  invalidCredentials: 'E-posta veya şifre hatalı.',
  invalidDate: 'Geçersiz tarih',
  /** A project date the admin's date field could not read (decision 077). */
  projectDateFormat: 'Proje tarihini gün.ay.yıl biçiminde giriniz (örneğin 15.04.2025).',
  editConflict: 'Bu içerik siz düzenlerken başka biri tarafından değiştirildi.',
  /** Added to a save's message when it was merged with someone else's newer change (issue 19). */
  contentMerged: 'Başka birinin değişiklikleri de korundu.',
  /** A slider image addressed by id that is no longer there (issue 19). */
  sliderImageGone: 'Bu slider görseli artık yok: başka biri silmiş ya da değiştirmiş. Liste yenilendi.',
  /** A slider order sent for a list someone changed meanwhile. */
  sliderOrderStale: 'Slider görselleri siz düzenlerken değişti. Liste yenilendi; sıralamayı tekrar yapın.',
  sliderDuplicate: 'Bu görsel slider’da zaten var.',
  /** The content remote's webhook with a missing or wrong signature (issue 19). */
  webhookSignature: 'İmza doğrulanamadı.',
  conflictGone: 'Bu çakışma artık listede yok; liste yenilendi, güncel hâline bakın.',
  conflictWholeFile:
    'Bu fark dosyanın tamamını kapsıyor; tek tıkla alınamaz. Dosyayı uzak depoda düzeltin ya da yayındaki değeri koruyun.',
  conflictTaken: 'Uzak depodaki değer alındı ve yayınlanıyor.',
  conflictKept: 'Yayındaki değer korundu.',
  sliderReordered: 'Slider sıralaması güncellendi.',
  sliderReplaced: 'Slider görseli değiştirildi.',
  versionNotFound: 'Bu sürüm bulunamadı.',
  refusedFileSave: (refusal: string) =>
    `Bu dosyanın diskteki sürümü geçersiz: ${refusal}. Diskteki değişiklik kaybolmasın diye kaydedilmedi; ` +
    'önce dosyayı düzeltin ya da geri alın.',
  controlCharacters: 'Bu alan görünmeyen kontrol karakterleri içeremez.',
  lineControlCharacters: 'Bu alan satır sonu, sekme ya da görünmeyen kontrol karakteri içeremez.',
  versionNotInHistory:
    'Bu sürüm bu içeriğin geçmişinde yok; yalnızca Geçmiş listesindeki bir sürüme dönülebilir.',
  versionInvalid: (field: string, reason: string) =>
    `Bu sürüm geri yüklenemez, çünkü geçerli değil${field ? ` (alan "${field}")` : ''}: ${reason}`,
  contentRefused: (field: string, reason: string) =>
    `Değişiklik kaydedilmedi${field ? ` (alan "${field}")` : ''}: ${reason}`,
  versionRestored: 'İçerik seçilen sürüme döndürüldü.',
  historyUnavailable: 'İçerik geçmişi bu sunucuda açık değil.',
  missingDate: 'Tarih belirtilmemiş',

  // Fields
  required: 'Bu alan zorunludur.',
  invalidEmail: 'Geçerli bir e-posta adresi giriniz.',
  invalidUrl: 'Geçerli bir bağlantı giriniz (https:// ile başlayan).',
  invalidId: 'Geçersiz kimlik.',
  idTaken: 'Bu kimlik başka bir içerikte kullanılıyor.',

  // Admin login, profile, users
  adminLoginError: 'Giriş yapılırken bir hata oluştu.',
  profileUpdateError: 'Profil güncellenirken hata oluştu!',
  profileUpdated: 'Profiliniz başarıyla güncellendi!',
  /** Own password or e-mail change without the current password (issue 13; not in the spec, chosen here). */
  currentPasswordRequired: 'Şifrenizi veya e-postanızı değiştirmek için mevcut şifrenizi giriniz.',
  currentPasswordWrong: 'Mevcut şifreniz hatalı.',
  userUpdateError: 'Kullanıcı güncellenirken hata oluştu!',
  userCreateError: 'Kullanıcı oluşturulurken hata oluştu!',
  userDeleteError: 'Kullanıcı silinirken hata oluştu!',
  userUpdated: 'Kullanıcı başarıyla güncellendi!',
  userCreated: 'Yeni kullanıcı başarıyla oluşturuldu!',
  userDeleted: 'Kullanıcı başarıyla silindi!',
  userDeleteConfirm: 'Bu kullanıcıyı silmek istediğinizden emin misiniz?',
  emailTaken: 'Bu e-posta adresi zaten kullanılıyor.',
  cannotDeleteSelf: 'Kendi hesabınızı silemezsiniz.',
  lastSuperadmin: 'Son süper yönetici silinemez veya yetkisi düşürülemez.',
  passwordTooShort: 'Şifre en az 8 karakter olmalıdır.',

  // Maintenance
  maintenanceError: 'Bakım modu güncellenirken hata oluştu!',
  maintenanceOn: 'Bakım modu açıldı.',
  maintenanceOff: 'Bakım modu kapatıldı.',
  /** Asked before maintenance mode is switched on (issue 23): one click must not close the site. */
  maintenanceConfirm: 'Bakım modunu açmak istediğinize emin misiniz? Site ziyaretçilere kapanacak.',
  maintenanceText: 'Sitemiz bakımda, kısa süre içinde geri döneceğiz.',

  // Uploads
  imageUploadError: 'Resim yüklenirken hata oluştu',
  fileUploadError: 'Dosya yüklenirken hata oluştu',
  imageOnly: 'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
  mediaOnly: 'Yalnızca resim veya video (mp4, webm, ogg) dosyaları yüklenebilir.',
  imageTooLarge: 'Görsel en fazla 25 MB olabilir.',
  imageDimensions:
    'Resmin boyutları çok büyük: en fazla 16384 piksel kenar ve toplam 50 megapiksel olabilir.',
  mediaTooLarge: 'Medya dosyası en fazla 50 MB olabilir.',
  fileMissing: 'Lütfen bir dosya seçin.',

  // Media library
  mediaInUse: 'Bu dosya kullanıldığı için silinemez. Önce kullanıldığı yerlerden kaldırın.',
  mediaDemoKept: 'Örnek site görselleri silinemez.',
  mediaDeleted: 'Dosya silindi.',
  mediaInHistory:
    'Bu dosya silinemez: içeriğin eski bir sürümü onu kullanıyor ve o sürüme dönüldüğünde görünmesi gerekir.',
  historyUnreadable:
    'İçerik geçmişi okunamadı (git bulunamadı ya da depo bozuk); güvenlik için hiçbir dosya silinmedi. ' +
    'Sunucu yöneticisine bildirin.',
  mediaAltSaved: 'Alternatif metin kaydedildi.',

  // Home
  homeLoadPublicError: 'İçerik yüklenemedi!',
  homeLoadError: 'İçerik yüklenirken hata oluştu',
  homeSaveError: 'Kaydetme sırasında hata oluştu',
  homeSaved: 'Değişiklikler kaydedildi!',
  serviceAddError: 'Hata oluştu!',
  serviceAdded: 'Hizmet başlığı başarıyla eklendi!',
  serviceTitleRequired: 'Hizmet başlığı boş olamaz!',
  serviceMax: 'Maksimum 7 hizmet başlığı ekleyebilirsiniz.',
  subItemRequired: 'Alt başlık boş olamaz!',
  subItemAddError: 'Alt başlık eklenirken hata oluştu!',
  deleteError: 'Silme işleminde hata oluştu!',
  cardAddError: 'Kart eklenirken hata oluştu',
  cardUpdateError: 'Kart güncellenirken hata oluştu',
  cardDeleteError: 'Kart silinirken hata oluştu',
  cardTitleRequired: 'Kart başlığı boş olamaz.',
  /** A home section's title the public page shows (issue 30): emptying it would leave the page without it. */
  homeTitleRequired: 'Başlık boş bırakılamaz.',
  statsExactlyThree: 'Her kartta tam olarak 3 istatistik satırı olmalıdır.',

  // Who are we
  aboutLoadError: 'İçerik yüklenirken hata oluştu.',
  aboutSaveError: 'Bir Hata Oluştu!',
  aboutCreated: 'Başarıyla Kaydedildi!',
  aboutUpdated: 'Başarıyla Güncellendi!',
  aboutMissingPublic: 'Hakkımızda verisi bulunamadı.',

  // Contact settings and messages
  contactSettingsSaved: 'Ayarlar başarıyla kaydedildi!',
  contactInfoLoadError: 'İletişim bilgileri yüklenemedi.',
  contactSendError: 'Bir hata oluştu.',
  contactSent: 'Mesajınız başarıyla gönderildi. En kısa sürede size dönüş yapacağız.',
  messagesLoadError: 'Mesajlar yüklenirken hata oluştu!',
  archiveLoadError: 'Arşivlenmiş mesajlar yüklenirken hata oluştu!',
  markReadError: 'Mesaj işaretlenirken hata oluştu!',
  markedRead: 'Mesaj okundu olarak işaretlendi.',
  noMessages: 'Henüz hiç mesaj gelmemiş.',
  /** The unread list once every message has been read (the spec's text above is for no messages at all). */
  noUnreadMessages: 'Okunmamış mesaj yok.',
  noArchive: 'Arşivde hiç mesaj yok.',

  // References
  categoryRequired: 'Lütfen bir kategori seçiniz.',
  sectorMax: 'Maksimum 5 sektör ekleyebilirsiniz. Lütfen sektör sayısını azaltın.',
  sliderImageRequired: 'Lütfen bir görsel yükleyin.',
  sliderMax: 'Maksimum 10 slider görseli ekleyebilirsiniz.',
  sliderAddError: 'Slider görseli eklenirken hata oluştu.',
  sliderDeleteError: 'Slider görseli silinirken hata oluştu.',
  referenceUpdateError: 'Güncelleme başarısız oldu.',
  referenceDeleteFailed: 'Silme başarısız oldu.',
  referenceDeleteError: 'Referans silinirken hata oluştu',
  reorderError: 'Sıralama kaydedilirken hata oluştu. Lütfen tekrar deneyin.',
  reorderSaved: 'Sıralama kaydedildi.',
  reorderMismatch: 'Sıralama listesi mevcut referanslarla eşleşmiyor.',
  referenceFilterEmpty: 'Bu filtrede referans bulunmamaktadır.',

  // Blog
  blogTitleRequired: 'Başlık zorunludur.',
  blogFieldsMax: 'Maksimum 40 alan (20 metin + 20 görsel) ekleyebilirsiniz.',
  blogTextMax: 'Maksimum 20 metin alanı ekleyebilirsiniz.',
  blogLoadError: 'Blog yazıları alınırken hata oluştu.',
  blogSaveError: 'Blog kaydedilirken hata oluştu: ',
  blogDeleteError: 'Blog silinirken hata oluştu: ',
  blogDeleted: 'Blog yazısı başarıyla silindi!',
  blogCreated: 'Blog yazısı başarıyla oluşturuldu!',
  blogUpdated: 'Blog yazısı başarıyla güncellendi!',
  blogNotFound: 'Blog yazısı bulunamadı.',
  blogLoadPublicError: 'Blog yazısı yüklenirken bir hata oluştu.',
  blogEmpty: 'Bu blog yazısında içerik bulunmuyor.',
  blogNoPosts: 'Henüz blog yazısı bulunmuyor.',
  blogNoResults: 'Aramanızla eşleşen yazı bulunamadı.',

  // Readable addresses and scheduled publishing (issue 21; not in the spec, chosen here)
  slugInvalid: 'Adres yalnızca harf, rakam ve tire içerebilir.',
  slugTaken: 'Bu adres başka bir içerikte kullanılıyor.',
  scheduleTimeInvalid: 'Geçerli bir tarih ve saat giriniz (örneğin 28.11.2026 09:30).',
  scheduleOrder: 'Yayından kaldırma zamanı, yayın zamanından sonra olmalıdır.',
  previewUnavailable: 'Önizleme bu sunucuda açık değil.',
  previewGone: 'Bu önizleme bağlantısının süresi doldu veya bağlantı iptal edildi.',
  previewRevoked: 'Önizleme bağlantısı iptal edildi.',
  previewCollectionInvalid: 'Bu içerik önizlenemez.',

  // Paged lists (admin blog and project lists, public blog search)
  listPageInvalid: 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.',
  listPageSizeInvalid: 'Sayfa boyutu 1 ile {max} arasında bir tam sayı olmalıdır.',
  listQueryTooLong: 'Arama metni en fazla 200 karakter olabilir.',
  listTagTooLong: 'Etiket en fazla 60 karakter olabilir.',

  // Social projects
  projectTitleRequired: 'Proje başlığı zorunludur.',
  projectFieldsMax: 'Maksimum 40 alan ekleyebilirsiniz.',
  projectTextMax: 'Maksimum 20 metin alanı ekleyebilirsiniz.',
  projectImageMax: 'Maksimum 20 görsel alanı ekleyebilirsiniz.',
  projectHeadingLevel: 'Başlık seviyesi 2 ile 4 arasında olmalıdır.',
  projectsLoadError: 'Sosyal sorumluluk projeleri alınırken hata oluştu.',
  projectSaveError: 'Proje kaydedilirken hata oluştu: ',
  projectDeleteError: 'Proje silinirken hata oluştu: ',
  projectCreated: 'Sosyal sorumluluk projesi başarıyla oluşturuldu!',
  projectUpdated: 'Sosyal sorumluluk projesi başarıyla güncellendi!',
  projectDeleted: 'Sosyal sorumluluk projesi başarıyla silindi!',
  projectNotFound: 'Proje bulunamadı',
  projectLoadError: 'Proje yüklenirken hata oluştu',
  projectEmpty: 'Proje Bulunamadı',

  // Programs
  programRequired: 'Program adı ve açıklama zorunludur.',
  programFileRequired: 'Yeni program eklerken dosya seçimi zorunludur.',
  programFileTooLarge: "Dosya boyutu çok büyük! Maksimum dosya boyutu 50MB'dir. Seçilen dosya: {size}",
  programsLoadError: 'Programlar alınırken hata oluştu.',
  programSaveError: 'Program kaydedilirken hata oluştu.',
  programDeleteError: 'Program silinirken hata oluştu.',
  programCreated: 'Program başarıyla eklendi.',
  programUpdated: 'Program başarıyla güncellendi.',
  programDeleted: 'Program başarıyla silindi.',
  programDownloadError: 'Program indirilirken bir hata oluştu.',
  programNoFile: 'Dosya Yok',

  // Library
  memberLoadError: 'Üyeler yüklenirken hata oluştu!',
  memberAddError: 'Üye eklenirken hata oluştu!',
  memberUpdateError: 'Üye güncellenirken hata oluştu!',
  memberDeleteError: 'Üye silinirken hata oluştu!',
  memberAdded: 'Üye başarıyla eklendi!',
  memberUpdated: 'Üye başarıyla güncellendi!',
  memberDeleted: 'Üye başarıyla silindi!',
  libraryLoginError: 'Giriş yapılırken bir hata oluştu.',

  // Library content (issue 31)
  libraryTitleRequired: 'Başlık zorunludur.',
  libraryTitleTooLong: 'Başlık en fazla 200 karakter olabilir.',
  libraryDescriptionTooLong: 'Açıklama en fazla 2000 karakter olabilir.',
  libraryCategoryRequired: 'Kategori adı zorunludur.',
  libraryCategoryTooLong: 'Kategori adı en fazla 80 karakter olabilir.',
  libraryCategoryExists: 'Bu adla bir kategori zaten var.',
  libraryCategoryUnknown: 'Seçilen kategori bulunamadı.',
  libraryCategoryInUse: 'Bu kategoride belgeler var. Silmeden önce belgeleri başka bir kategoriye taşıyın.',
  libraryFileOrLink: 'Bir dosya seçin ya da bir bağlantı adresi girin.',
  libraryFileAndLink: 'Bir belge ya dosya ya da bağlantı olabilir, ikisi birden olamaz.',
  /** {types}: LIBRARY_TYPES_TEXT. */
  libraryFileType: 'Bu dosya türü kabul edilmiyor. Kabul edilen türler: {types}.',
  libraryFileMismatch: 'Dosyanın içeriği uzantısıyla uyuşmuyor ({name}).',
  /** {max}: '200 MB'. */
  libraryFileTooLarge: 'Dosya en fazla {max} olabilir.',
  libraryFileEmpty: 'Seçilen dosya boş.',
  libraryItemAdded: 'Belge eklendi.',
  libraryItemUpdated: 'Belge güncellendi.',
  libraryItemDeleted: 'Belge silindi.',
  libraryCategoryAdded: 'Kategori eklendi.',
  libraryCategoryUpdated: 'Kategori güncellendi.',
  libraryCategoryDeleted: 'Kategori silindi.',
  libraryLoadError: 'Kütüphane yüklenirken hata oluştu.',
  librarySessionEnded: 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.',

  // A failed publish, as the admin's 'Site güncellenemedi: …' and 'Sistem Durumu' show it (api/publish/publish-failure.ts)
  publishWhatNow: 'Yayındaki site değişmedi; bir sonraki kayıt yeniden yayımlamayı dener.',
  publishDiskFull: 'Sunucunun diskinde yer kalmadı.',
  publishQuotaFull: 'Sunucunun disk kotası doldu.',
  publishNoPermission: 'Sunucu sitenin dosyalarını yazamadı: yazma izni yok.',
  publishReadOnly: 'Sunucu sitenin dosyalarını yazamadı: disk salt okunur.',
  publishTooManyFiles: 'Sunucuda aynı anda açılabilecek dosya sayısı aşıldı.',
  publishDiskError: 'Sunucunun diski okunamadı ya da yazılamadı.',
  publishInvalidContent: 'Bir içerik dosyası geçersiz olduğu için sayfalar oluşturulamadı.',
  publishUnexpected: 'Sayfalar oluşturulurken beklenmeyen bir hata oluştu; ayrıntısı sunucunun kayıtlarında.',
  publishCodeFailed: 'Sitenin kodu derlenemedi.',
  /** `within`: '2 saniyede', '10 dakikada' (publish-failure.ts). */
  publishCodeTimedOut: (within: string) => `Sitenin kodu ${within} derlenemedi ve durduruldu.`,
  publishRenderTimedOut: (within: string) =>
    `Sitenin tüm sayfaları ${within} oluşturulamadı; işlem durduruldu.`,
  /**
   * One page a publish could not render while every other page went live (issue 27): `page` names it ('Blog yazısı
   * “Başlık”'), `field` the field that breaks it when known ('Özet'); `kept`: its previous version stays live.
   */
  pageNotPublished: (page: string, field: string | null, kept: boolean) =>
    `${page}${field ? ` (alan: ${field})` : ''} güncellenemedi; ${kept ? 'önceki hâli yayında kalıyor' : 'sayfa henüz yayında değil'}. Diğer sayfalar güncel.`,

  // Statistics and SEO advice (issue 32)
  statsDaysInvalid: 'Gün sayısı 1 ile 366 arasında bir tam sayı olmalıdır.',
  personalDataErased: 'Bu e-posta adresine ait kişisel veriler silindi.',

  // XML viewer
  xmlNotXml: 'Lütfen bir XML dosyası seçin (.xml)',
  xmlNoFile: 'Lütfen önce bir XML dosyası seçin',
  xmlInvalid: 'Geçersiz XML dosyası. Lütfen doğru bir XML dosyası yükleyin.',
  xmlNoStylesheet: 'XML dosyasında görüntüleme formatı bulunamadı.',
  xmlExternalStylesheet: 'Bu XML dosyası harici bir stil dosyası gerektiriyor.',
  xmlReadError: 'Dosya okunurken bir hata oluştu',
  xmlProcessError: 'XML dosyası işlenirken bir hata oluştu: {detail}',
} as const

/** Fills `{name}` placeholders of a message. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)
}
