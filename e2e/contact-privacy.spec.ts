import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './helpers.ts'

// KVKK (issue 32): the contact form says what happens to a message and links the 'Aydınlatma Metni' below it.
for (const width of [390, 1440]) {
  test(`contact page at ${width} px: the form's privacy sentence links the Aydınlatma Metni`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/iletisim')
    const sentence = page.locator('.contact-form-card__privacy')
    await expect(sentence).toContainText('Gönderdiğiniz bilgiler yalnızca size dönüş yapmak için kullanılır')
    await sentence.getByRole('link', { name: 'Aydınlatma Metni' }).click()
    await expect(page).toHaveURL(/#aydinlatma-metni$/)
    const notice = page.getByRole('region', { name: 'Aydınlatma Metni' })
    await expect(notice).toBeInViewport()
    await expect(notice).toContainText('6698 sayılı Kişisel Verilerin Korunması Kanunu')
    const result = await new AxeBuilder({ page })
      .include('#aydinlatma-metni')
      .include('.contact-form-card__privacy')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(result.violations.map((v) => v.id)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`contact-${width}.png`) })
  })
}
