import type { HouseholdMember } from '../../../schema/entities/household'

/** True when `me` is an admin of the household with these members. */
export function isHouseholdAdmin(members: readonly HouseholdMember[], me: string): boolean {
  return members.some((m) => m.userId === me && m.role === 'admin')
}

/** A member's name (marked "(you)" for the signed-in user) and e-mail, as every members list shows them. */
export function MemberText({ member, me }: { member: HouseholdMember; me: string }) {
  return (
    <span className="hh-member__text">
      <span className="hh-member__name">
        {member.name}
        {member.userId === me ? ' (you)' : ''}
      </span>
      <span className="hh-member__email">{member.email}</span>
    </span>
  )
}
