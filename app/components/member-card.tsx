// A member in the community listing (issue 14): avatar or initial, name, country, age and counts; the
// whole card links to the member's page. Dense: the grid fits seven a row at 1280 px, three at 375 px.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberCard as MemberCardData } from '../../contract/community-list.ts';
import { memberPath } from '../../contract/members-values.ts';

/** The country's name in the page's language (Intl, BCP 47 tag), or its code when the runtime does not know it. */
export function countryName(code: string, language = 'en'): string {
  try {
    return new Intl.DisplayNames([language || 'en'], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function MemberCard({ member }: { member: MemberCardData }) {
  const { t, i18n } = useTranslation();
  const facts = [
    member.country ? countryName(member.country, i18n.language) : null,
    member.age !== null ? t('community.years', { count: member.age }) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <li className="member-card" data-card-id={member.user_id}>
      <Link to={memberPath(member.user_id)} className="member-card__link">
        <span className="member-card__avatar">
          {member.avatar ? (
            <img src={member.avatar} alt="" loading="lazy" decoding="async" width={72} height={72} />
          ) : (
            <span className="member-card__initial" aria-hidden="true">
              {member.username.charAt(0).toUpperCase()}
            </span>
          )}
        </span>
        <span className="member-card__name">{member.username}</span>
      </Link>
      <span className="member-card__facts">{facts.length ? facts.join(' · ') : '\u00a0'}</span>
      <span className="member-card__counts">
        <span>{t('community.count.videos', { count: member.statistics.videos })}</span>
        <span>{t('community.count.subscribers', { count: member.statistics.subscribers })}</span>
      </span>
    </li>
  );
}

export function MemberGrid({ members }: { members: readonly MemberCardData[] }) {
  return (
    <ul className="member-cards">
      {members.map((member) => (
        <MemberCard key={member.user_id} member={member} />
      ))}
    </ul>
  );
}
