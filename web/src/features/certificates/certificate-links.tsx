import { Button } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AssetActor } from '@ecore/core/assets/asset-access.ts';
import { mayDownloadCertificate } from '@ecore/core/certificates/certificate.ts';
import type { Actor } from '@ecore/core/identity/session.ts';
import { isVerifiedScore } from '@ecore/core/scoring/score-access.ts';
import { RowAction } from '../../components/data-table/row-action.tsx';
import { certificatePath } from './certificate-paths.ts';

/*
 * The ways to the certificate view (spec 02 §2): the object page's "download label" and the group row's. Each is
 * shown where core mayDownloadCertificate lets the user download the label, and only once there is one to
 * download: an object whose questionnaire was evaluated and accepted (core isVerifiedScore: Closed, Expired), a
 * group that is Closed (the rule asks the group's state itself). The session carries no access list; what the
 * server shows the user is what the user sees (`visible`), as in answering-rights.ts.
 */

const assetActorOf = (actor: Actor): AssetActor => ({ ...actor, accessGroups: [], accessAssets: [] });

/** The object page's button to its certificate view; single objects only (buyer assets get no label). */
export function ObjectCertificateLink({
  actor,
  object,
}: {
  actor: Actor;
  object: { id: number; organisationId: number; status: string | null; isBuyerAsset: boolean };
}) {
  const { t } = useTranslation();
  if (object.isBuyerAsset || !isVerifiedScore(object.status)) return null;
  if (!mayDownloadCertificate(assetActorOf(actor), { kind: 'asset', organisationId: object.organisationId, visible: true })) return null;
  return (
    <Button component={Link} to={certificatePath(object.id, 'asset')} variant="light" size="xs" leftSection={<IconCertificate size={16} aria-hidden="true" />}>
      {t('certificates.links.download')}
    </Button>
  );
}

/** The group row's "download label" (spec 02 §2, asset management and the evaluator's job list). */
export function GroupCertificateAction({ actor, group }: { actor: Actor; group: { id: number; name: string; organisationId: number; status: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!mayDownloadCertificate(assetActorOf(actor), { kind: 'group', organisationId: group.organisationId, groupState: group.status, visible: true })) return null;
  return (
    <RowAction
      label={t('certificates.links.download')}
      name={t('certificates.links.downloadFor', { name: group.name })}
      color="green"
      icon={<IconCertificate size={18} aria-hidden="true" />}
      onClick={() => void navigate(certificatePath(group.id, 'group'))}
    />
  );
}
