import type { DataStore } from '../store/data-store.ts'
import { transaction } from '../store/private/database.ts'

/** What is stored about one e-mail address: contact messages, a library member, audit entries naming it. */
export type PersonalDataFound = { messages: number; member: boolean; auditEntries: number }

/** What stands in for deleted personal data in audit texts (the entry itself stays: who did what, when). */
export const ERASED = '[silindi]'

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/**
 * 'Kişisel veri silme' (KVKK, issue 32): finds and deletes what the site keeps about one e-mail address. Messages
 * sent from it are deleted, a library member with it is deleted, and audit entries keep their action but lose the
 * address and the member's name (their user, e-mail and request address columns, and those words in their texts).
 */
export function personalData(data: DataStore) {
  const { db } = data
  const count = (sql: string, ...params: string[]) => Number(db.prepare(sql).get(...params)?.n ?? 0)
  const memberOf = (email: string) => data.read('members').find((m) => m.email === email) ?? null
  /** Texts that name the person in audit entries: the address, and the member's name when there is a member. */
  const auditWhere = (email: string, name: string | null) =>
    name
      ? {
          sql: "lower(user_email) = ? OR action LIKE ? ESCAPE '\\' OR action LIKE ? ESCAPE '\\'",
          params: [email, likeText(email), likeText(`"${name}"`)],
        }
      : { sql: "lower(user_email) = ? OR action LIKE ? ESCAPE '\\'", params: [email, likeText(email)] }

  return {
    find(rawEmail: string): PersonalDataFound {
      const email = rawEmail.trim().toLowerCase()
      const member = memberOf(email)
      const audit = auditWhere(email, member?.name ?? null)
      return {
        messages: count('SELECT count(*) AS n FROM messages WHERE lower(email) = ?', email),
        member: member !== null,
        auditEntries: count(`SELECT count(*) AS n FROM audit_log WHERE ${audit.sql}`, ...audit.params),
      }
    },
    /** Deletes it all; answers what was found (counts only: the deleted data is not repeated anywhere). */
    async erase(rawEmail: string): Promise<PersonalDataFound> {
      const email = rawEmail.trim().toLowerCase()
      const found = this.find(email)
      const member = memberOf(email)
      transaction(db, () => {
        db.prepare('DELETE FROM messages WHERE lower(email) = ?').run(email)
        db.prepare(
          `UPDATE audit_log SET user_id = NULL, user_name = '${ERASED}', user_email = NULL, address = NULL WHERE lower(user_email) = ?`,
        ).run(email)
        db.prepare("UPDATE audit_log SET action = replace(action, ?, ?) WHERE action LIKE ? ESCAPE '\\'").run(
          email,
          ERASED,
          likeText(email),
        )
        if (member) {
          db.prepare(
            "UPDATE audit_log SET action = replace(action, ?, ?) WHERE action LIKE ? ESCAPE '\\'",
          ).run(`"${member.name}"`, `"${ERASED}"`, likeText(`"${member.name}"`))
          db.prepare('DELETE FROM library_visits WHERE member_id = ?').run(member.id)
        }
      })
      if (member)
        await data.update(
          'members',
          (members) => void members.splice(members.indexOf(members.find((m) => m.id === member.id)!), 1),
        )
      return found
    },
  }
}
