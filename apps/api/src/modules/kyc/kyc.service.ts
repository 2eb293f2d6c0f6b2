import { ID_PATTERN } from '@caravan/contract/ids';
import { KYC_DOCUMENT_NUMBER_PATTERN, KYC_POSTCODE_PATTERN, type KycApplyParams, type KycHighLevelApplyParams, type KycLevel, type KycState } from '@caravan/contract/kyc';
import type { Database } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { decideReview, type ReviewKind } from '../../platform/review-decision.ts';
import { isUniqueViolation } from '../../platform/sql.ts';
import { kycMachine, type KycEvent } from './kyc-state.ts';
import type { KycRepository, KycRow } from './kyc.repository.ts';

// Identity verification (spec: "Real-name verification must pass before advanced verification").
// A user submits the real-name check (name, nationality, document, three pictures) and, once it
// passed, the advanced one (proof of address); an operator approves or rejects each with a reason
// the user sees, who may then submit again. Pictures must be private pictures the same user uploaded.

export const KYC_HISTORY_LIMIT = 20;

export interface KycPorts {
  /** The stored reference of a private picture this user uploaded, named by any URL of it. */
  ownedPrivateRef(url: string, userId: string): Promise<string | undefined>;
  countryExists(countryId: number): boolean;
  userIdByName(username: string): Promise<string | undefined>;
}

export interface KycActor {
  id: string;
  reason: string;
  requestId?: string | undefined;
}

/** kyc!apply's checked parameters (the contract's shape). */
export type RealNameInput = KycApplyParams;

/** kycHighLevel!apply's checked parameters (the contract's shape). */
export type AdvancedInput = KycHighLevelApplyParams;

/** Both levels of one user: the current submission of each (undefined: never submitted). */
export interface KycSummary {
  realName: KycRow | undefined;
  advanced: KycRow | undefined;
}

const AUDIT_ACTIONS: Record<KycEvent, string> = { approve: 'kyc.approve', reject: 'kyc.reject' };

export class KycService {
  constructor(
    private readonly db: Database,
    private readonly repository: KycRepository,
    private readonly ports: KycPorts,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** How this module's submissions are decided (the common flow is in platform/review-decision.ts). */
  private get reviewKind(): ReviewKind<KycRow, KycState, KycEvent> {
    return {
      store: this.repository,
      machine: kycMachine,
      auditActions: AUDIT_ACTIONS,
      targetType: 'kyc_submission',
      notFound: 'kyc.submission_not_found',
      alreadyDecided: 'kyc.already_decided',
      auditDetail: (row) => ({ userId: row.userId, level: row.level }),
    };
  }

  async current(userId: string, level: KycLevel): Promise<KycRow | undefined> {
    return this.repository.currentOfUser(this.db, userId, level);
  }

  async summary(userId: string): Promise<KycSummary> {
    return (await this.summaries([userId])).get(userId) ?? { realName: undefined, advanced: undefined };
  }

  async summaries(userIds: string[]): Promise<Map<string, KycSummary>> {
    const rows = await this.repository.currentOfUsers(this.db, userIds);
    const result = new Map<string, KycSummary>(userIds.map((id) => [id, { realName: undefined, advanced: undefined }]));
    for (const row of rows) {
      const entry = result.get(row.userId);
      if (!entry) continue;
      if (row.level === 'real_name') entry.realName = row;
      else entry.advanced = row;
    }
    return result;
  }

  async isPassed(userId: string, level: KycLevel): Promise<boolean> {
    return (await this.current(userId, level))?.state === 'approved';
  }

  /** Resolves every picture to the reference of a private picture the user uploaded, or refuses. */
  private async pictureRefs(userId: string, urls: string[]): Promise<string[]> {
    const refs: string[] = [];
    for (const url of urls) {
      const ref = await this.ports.ownedPrivateRef(url, userId);
      if (!ref) throw new AppError('kyc.picture_invalid');
      refs.push(ref);
    }
    return refs;
  }

  /** kyc!apply: the real-name check (again after a refusal). */
  async applyRealName(userId: string, raw: RealNameInput, requestId?: string): Promise<KycRow> {
    const name = raw.name.trim().replace(/\s+/g, ' ');
    const idnumber = raw.idnumber.trim();
    if (name === '') throw new AppError('kyc.name_required');
    if (idnumber === '') throw new AppError('kyc.document_number_required');
    if (!KYC_DOCUMENT_NUMBER_PATTERN.test(idnumber)) throw new AppError('kyc.document_number_invalid');
    if (!this.ports.countryExists(raw.nationality)) throw new AppError('kyc.nationality_invalid');
    const pictures = await this.pictureRefs(userId, [raw.idimg_1, raw.idimg_2, raw.idimg_3]);
    return this.submit(userId, 'real_name', requestId, {
      fullName: name,
      countryId: raw.nationality,
      documentType: raw.idname.trim(),
      documentNumber: idnumber.toUpperCase(),
      pictures,
    });
  }

  /** kycHighLevel!apply: proof of address, only once the real-name check passed. */
  async applyAdvanced(userId: string, raw: AdvancedInput, requestId?: string): Promise<KycRow> {
    if (!(await this.isPassed(userId, 'real_name'))) throw new AppError('kyc.real_name_required');
    const address = raw.address.trim().replace(/\s+/g, ' ');
    const city = raw.city.trim();
    const postcode = raw.postcode?.trim() ?? '';
    if (address === '') throw new AppError('kyc.address_required');
    if (city === '') throw new AppError('kyc.city_required');
    if (postcode !== '' && !KYC_POSTCODE_PATTERN.test(postcode)) throw new AppError('kyc.postcode_invalid');
    const pictures = await this.pictureRefs(userId, raw.idimg_2 ? [raw.idimg_1, raw.idimg_2] : [raw.idimg_1]);
    return this.submit(userId, 'advanced', requestId, { address, city, postcode, pictures });
  }

  private async submit(userId: string, level: KycLevel, requestId: string | undefined, fields: Partial<KycRow> & { pictures: string[] }): Promise<KycRow> {
    const now = this.clock.now();
    const row: KycRow = {
      id: newId(),
      userId,
      level,
      state: 'pending',
      fullName: '',
      countryId: null,
      documentType: '',
      documentNumber: '',
      address: '',
      city: '',
      postcode: '',
      reason: '',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    };
    try {
      await this.db.transaction(async (tx) => {
        const current = await this.repository.currentOfUser(tx, userId, level);
        if (current?.state === 'pending') throw new AppError('kyc.pending');
        if (current?.state === 'approved') throw new AppError('kyc.already_verified');
        await this.repository.insert(tx, row);
        await this.audit.record(tx, {
          actorType: 'user',
          actorId: userId,
          action: 'kyc.submit',
          targetType: 'kyc_submission',
          targetId: row.id,
          detail: { level },
          requestId: requestId ?? null,
        });
      });
    } catch (error) {
      // two submits racing: the one-pending index lets one through
      if (isUniqueViolation(error, 'kyc_submissions_one_pending_uq')) throw new AppError('kyc.pending');
      throw error;
    }
    return row;
  }

  // ---- console --------------------------------------------------------------------------------

  async list(query: { state?: KycState | undefined; level?: KycLevel | undefined; applicant?: string | undefined; page: number; pageSize: number }) {
    let userId: string | undefined;
    const applicant = query.applicant?.trim();
    if (applicant) {
      userId = ID_PATTERN.test(applicant) ? applicant : await this.ports.userIdByName(applicant);
      if (!userId) return { rows: [], total: 0 };
    }
    const filter = { state: query.state, level: query.level, userId };
    const [rows, total] = await Promise.all([
      this.repository.page(this.db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      this.repository.count(this.db, filter),
    ]);
    return { rows, total };
  }

  /** Submissions waiting for a decision (the console's navigation badge). */
  async pendingCount(): Promise<number> {
    return this.repository.count(this.db, { state: 'pending' });
  }

  async detail(id: string) {
    const submission = await this.repository.findById(this.db, id);
    if (!submission) throw new AppError('kyc.submission_not_found');
    const [history, audit] = await Promise.all([
      this.repository.recentOfUser(this.db, submission.userId, submission.id, KYC_HISTORY_LIMIT),
      this.audit.listForTarget(this.db, 'kyc_submission', submission.id),
    ]);
    return { submission, history, audit };
  }

  private async decide(id: string, event: KycEvent, actor: KycActor): Promise<KycRow> {
    try {
      return await decideReview({ db: this.db, clock: this.clock, audit: this.audit }, this.reviewKind, id, event, actor);
    } catch (error) {
      if (isUniqueViolation(error, 'kyc_submissions_one_approved_uq')) throw new AppError('kyc.already_decided');
      throw error;
    }
  }

  async approve(id: string, actor: KycActor): Promise<KycRow> {
    return this.decide(id, 'approve', { ...actor, reason: actor.reason.trim() });
  }

  /** Reject with the reason the user sees. */
  async reject(id: string, actor: KycActor): Promise<KycRow> {
    if (actor.reason.trim() === '') throw new AppError('kyc.reason_required');
    return this.decide(id, 'reject', { ...actor, reason: actor.reason.trim() });
  }
}
