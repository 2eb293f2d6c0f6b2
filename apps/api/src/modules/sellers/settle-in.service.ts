import { CONTACT_PHONE_PATTERN, EMAIL_PATTERN } from '@caravan/contract/accounts';
import { ID_PATTERN } from '@caravan/contract/ids';
import type { SellerApplicationState } from '@caravan/contract/sellers';
import type { Database, Executor, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { decideReview, type ReviewKind } from '../../platform/review-decision.ts';
import { isUniqueViolation } from '../../platform/sql.ts';
import { sellerApplicationMachine, type SellerApplicationEvent } from './seller-application-state.ts';
import type { SellerApplicationRow, SellerApplicationsRepository } from './sellers.repository.ts';

// Settle-in (spec section 1 "become-a-merchant"): a buyer applies with the shop's name, logo,
// contact, country, a business description and supporting documents (images the applicant uploaded);
// an operator approves (the shop opens and the account becomes a seller, in one transaction) or
// rejects with a reason the applicant sees, who may then apply again.

export const APPLICANT_HISTORY_LIMIT = 20;

export interface SettleInPorts {
  isOwnedImage(url: string, userId: string): Promise<boolean>;
  /** The stored reference of a private picture this user uploaded (supporting documents), named by any URL of it. */
  ownedPrivateRef(url: string, userId: string): Promise<string | undefined>;
  countryExists(countryId: number): boolean;
  roleOf(userId: string): Promise<string>;
  userIdByName(username: string): Promise<string | undefined>;
  /** A shop other than `exceptShopId` already uses the name (case-insensitive). */
  shopNameTaken(executor: Executor, name: string, exceptShopId: string): Promise<boolean>;
  /** Opens (or reopens) the user's shop, in the caller's transaction. */
  openShopIn(tx: Transaction, shop: { sellerId: string; name: string; avatarUrl: string; remark: string; phone: string }): Promise<void>;
  /** Gives the account the seller role, in the caller's transaction. */
  grantSellerIn(tx: Transaction, userId: string, actor: { id: string; reason: string }): Promise<void>;
  /** After the commit of the grant: the account's cached sessions learn the new role. */
  sellerGranted(userId: string): Promise<void>;
  shopChanged(shopId: string): void;
}

export interface SettleActor {
  id: string;
  reason: string;
  requestId?: string | undefined;
}

export interface SettleApplyInput {
  shopName: string;
  logo: string;
  contactName: string;
  phone: string;
  email: string;
  countryId: number;
  description: string;
  documents: string[];
}

const AUDIT_ACTIONS: Record<SellerApplicationEvent, string> = { approve: 'seller_application.approve', reject: 'seller_application.reject' };

export class SettleInService {
  constructor(
    private readonly db: Database,
    private readonly repository: SellerApplicationsRepository,
    private readonly ports: SettleInPorts,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** How this module's submissions are decided (the common flow is in platform/review-decision.ts). */
  private get reviewKind(): ReviewKind<SellerApplicationRow, SellerApplicationState, SellerApplicationEvent> {
    return {
      store: this.repository,
      machine: sellerApplicationMachine,
      auditActions: AUDIT_ACTIONS,
      targetType: 'seller_application',
      notFound: 'sellers.application_not_found',
      alreadyDecided: 'sellers.already_decided',
      auditDetail: (row) => ({ userId: row.userId, shopName: row.shopName }),
    };
  }

  /** merchantSettled!get: the latest application and whether the user already sells. */
  async status(userId: string): Promise<{ isSeller: boolean; application: SellerApplicationRow | undefined }> {
    const [role, application] = await Promise.all([this.ports.roleOf(userId), this.repository.latestOfUser(this.db, userId)]);
    return { isSeller: role === 'seller', application };
  }

  /**
   * Supporting documents: private pictures (uploaded with moduleName=seller_document, stored as their
   * reference and shown through signed URLs) or, from older clients, public pictures the applicant uploaded.
   */
  private async documentRefs(userId: string, documents: string[]): Promise<string[]> {
    const refs: string[] = [];
    for (const document of documents) {
      const ref = (await this.ports.ownedPrivateRef(document, userId)) ?? ((await this.ports.isOwnedImage(document, userId)) ? document : undefined);
      if (!ref) throw new AppError('sellers.documents_invalid');
      refs.push(ref);
    }
    return [...new Set(refs)];
  }

  private async checkInput(userId: string, input: SettleApplyInput): Promise<void> {
    if (!EMAIL_PATTERN.test(input.email)) throw new AppError('sellers.email_invalid');
    if (!CONTACT_PHONE_PATTERN.test(input.phone) || input.phone.replace(/\D/g, '').length < 6) throw new AppError('sellers.phone_invalid');
    if (!this.ports.countryExists(input.countryId)) throw new AppError('sellers.country_invalid');
    if (!(await this.ports.isOwnedImage(input.logo, userId))) throw new AppError('sellers.logo_invalid');
  }

  /** merchantSettled!apply: a new application (again after a refusal). */
  async apply(userId: string, raw: SettleApplyInput, requestId?: string): Promise<SellerApplicationRow> {
    const input = { ...raw, shopName: raw.shopName.trim(), contactName: raw.contactName.trim(), phone: raw.phone.trim(), email: raw.email.trim(), description: raw.description.trim() };
    if (input.shopName === '') throw new AppError('sellers.shop_name_required');
    if (input.contactName === '') throw new AppError('sellers.contact_required');
    if (input.description === '') throw new AppError('sellers.description_required');
    if ((await this.ports.roleOf(userId)) === 'seller') throw new AppError('sellers.already_seller');
    await this.checkInput(userId, input);
    const documents = await this.documentRefs(userId, input.documents);
    const now = this.clock.now();
    const row: SellerApplicationRow = {
      id: newId(),
      userId,
      state: 'pending',
      shopName: input.shopName,
      logo: input.logo,
      contactName: input.contactName,
      phone: input.phone,
      email: input.email,
      countryId: input.countryId,
      description: input.description,
      documents,
      reason: '',
      reviewedBy: null,
      reviewedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await this.db.transaction(async (tx) => {
        if (await this.repository.pendingOfUser(tx, userId)) throw new AppError('sellers.application_pending');
        if ((await this.ports.shopNameTaken(tx, input.shopName, userId)) || (await this.repository.pendingNameOfOthers(tx, input.shopName, userId))) {
          throw new AppError('sellers.shop_name_taken');
        }
        await this.repository.insert(tx, row);
        await this.audit.record(tx, {
          actorType: 'user',
          actorId: userId,
          action: 'seller_application.submit',
          targetType: 'seller_application',
          targetId: row.id,
          detail: { shopName: input.shopName },
          requestId: requestId ?? null,
        });
      });
    } catch (error) {
      // two submits racing: the one-pending index lets one through
      if (isUniqueViolation(error, 'seller_applications_one_pending_uq')) throw new AppError('sellers.application_pending');
      throw error;
    }
    return row;
  }

  // ---- console --------------------------------------------------------------------------------

  async list(query: { state?: SellerApplicationState | undefined; applicant?: string | undefined; page: number; pageSize: number }) {
    let userId: string | undefined;
    const applicant = query.applicant?.trim();
    if (applicant) {
      userId = ID_PATTERN.test(applicant) ? applicant : await this.ports.userIdByName(applicant);
      if (!userId) return { rows: [], total: 0 };
    }
    const filter = { state: query.state, userId };
    const [rows, total] = await Promise.all([
      this.repository.page(this.db, { ...filter, limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      this.repository.count(this.db, filter),
    ]);
    return { rows, total };
  }

  async detail(id: string) {
    const application = await this.repository.findById(this.db, id);
    if (!application) throw new AppError('sellers.application_not_found');
    const [history, audit] = await Promise.all([
      this.repository.recentOfUser(this.db, application.userId, application.id, APPLICANT_HISTORY_LIMIT),
      this.audit.listForTarget(this.db, 'seller_application', application.id),
    ]);
    return { application, history, audit };
  }

  private async decide(id: string, event: SellerApplicationEvent, actor: SettleActor, work: (tx: Transaction, row: SellerApplicationRow) => Promise<void>): Promise<SellerApplicationRow> {
    return decideReview({ db: this.db, clock: this.clock, audit: this.audit }, this.reviewKind, id, event, actor, work);
  }

  /** Approve: the shop opens under the applied name and the account becomes a seller. */
  async approve(id: string, actor: SettleActor): Promise<SellerApplicationRow> {
    const row = await this.decide(id, 'approve', actor, async (tx, application) => {
      if ((await this.ports.roleOf(application.userId)) === 'seller') throw new AppError('sellers.already_seller');
      if (await this.ports.shopNameTaken(tx, application.shopName, application.userId)) throw new AppError('sellers.shop_name_taken');
      await this.ports.openShopIn(tx, {
        sellerId: application.userId,
        name: application.shopName,
        avatarUrl: application.logo,
        remark: application.description,
        phone: application.phone,
      });
      await this.ports.grantSellerIn(tx, application.userId, { id: actor.id, reason: actor.reason });
    });
    await this.ports.sellerGranted(row.userId);
    this.ports.shopChanged(row.userId);
    return row;
  }

  /** Reject with the reason the applicant sees. */
  async reject(id: string, actor: SettleActor): Promise<SellerApplicationRow> {
    if (actor.reason.trim() === '') throw new AppError('sellers.reason_required');
    return this.decide(id, 'reject', { ...actor, reason: actor.reason.trim() }, async () => {});
  }
}
