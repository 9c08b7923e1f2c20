import { CLABE_BANKS } from '@cabanas/domain/hosts'
import {
  buildPayoutReport,
  isMonthClosed,
  type OperatorPayout,
  type PayoutMonthDetail,
  type PayoutMonthReport,
  type PayoutMonthSummary,
  payoutMessages,
  payoutMonthStatus,
  ZERO_AMOUNTS,
} from '@cabanas/domain/payouts'
import { type CalendarDate, DomainError } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { findHostProfile, readHostClabe } from '../hosts/hosts.queries.ts'
import {
  type PaymentGateway,
  PaymentOutcomeUnknownError,
  PaymentProviderError,
} from '../payments/payment-gateway.ts'
import {
  claimPendingPayout,
  deletePendingPayout,
  insertPayout,
  listHostNames,
  listLedgerStays,
  listPayouts,
  markTransferPaid,
  type PayoutRow,
  paidMonthsOf,
} from './payouts.queries.ts'

/** Openpay's 1006: a payout with this order id (our payout's id) exists at the provider already. */
const ORDER_ALREADY_PROCESSED = 1006

function summarize(
  report: PayoutMonthReport,
  row: PayoutRow | undefined,
  today: CalendarDate,
): PayoutMonthSummary {
  return {
    month: report.month,
    status: payoutMonthStatus(
      { month: report.month, hostAmount: report.totals.hostAmount, payoutStatus: row?.status ?? null },
      today,
    ),
    stays: report.lines.filter((line) => line.kind === 'stay').length,
    totals: report.totals,
    payout: row
      ? { method: row.method, paidAt: row.paidAt?.toISOString() ?? null, reference: row.manualReference }
      : null,
  }
}

/** A host's months as the report reads them (newest first), each with its payout row if any. */
async function hostMonths(db: Database, hostId: string, today: CalendarDate) {
  const [stays, rows] = await Promise.all([listLedgerStays(db, { today, hostId }), listPayouts(db, hostId)])
  const byMonth = new Map(rows.map((row) => [row.month, row]))
  return buildPayoutReport(stays, paidMonthsOf(rows)).map((report) => ({
    report,
    row: byMonth.get(report.month),
  }))
}

export async function listHostPayoutMonths(db: Database, hostId: string, today: CalendarDate) {
  return (await hostMonths(db, hostId, today)).map(({ report, row }) => summarize(report, row, today))
}

/** One month of a host, with its lines; a month with nothing in it is an empty month, not an error. */
export async function findHostPayoutMonth(
  db: Database,
  hostId: string,
  month: string,
  today: CalendarDate,
): Promise<PayoutMonthDetail> {
  const found = (await hostMonths(db, hostId, today)).find(({ report }) => report.month === month)
  const report = found?.report ?? { month, lines: [], totals: ZERO_AMOUNTS, frozen: false }
  return { ...summarize(report, found?.row, today), lines: report.lines }
}

/**
 * The operator console's months: those owed or being paid, and the 30 paid most recently, for every
 * host, oldest first.
 */
export async function listOperatorPayouts(db: Database, today: CalendarDate): Promise<OperatorPayout[]> {
  const [stays, rows, hosts] = await Promise.all([
    listLedgerStays(db, { today }),
    listPayouts(db),
    listHostNames(db),
  ])
  const result: OperatorPayout[] = []
  for (const host of hosts) {
    const own = rows.filter((row) => row.hostId === host.hostId)
    const byMonth = new Map(own.map((row) => [row.month, row]))
    const reports = buildPayoutReport(
      stays.filter((stay) => stay.hostId === host.hostId),
      paidMonthsOf(own),
    )
    for (const report of reports) {
      const summary = summarize(report, byMonth.get(report.month), today)
      if (summary.status === 'open' || summary.status === 'settled') continue
      result.push({
        hostId: host.hostId,
        displayName: host.displayName,
        bankName: CLABE_BANKS[host.clabeBankCode] ?? host.clabeBankCode,
        clabeLast4: host.clabeLast4,
        month: summary.month,
        status: summary.status,
        stays: summary.stays,
        amount: summary.totals.hostAmount,
        payout: summary.payout,
      })
    }
  }
  const open = result.filter((payout) => payout.status !== 'paid')
  const paid = result
    .filter((payout) => payout.status === 'paid')
    .sort((a, b) => (b.payout?.paidAt ?? '').localeCompare(a.payout?.paidAt ?? ''))
    .slice(0, 30)
  return [...open, ...paid].sort(
    (a, b) => a.month.localeCompare(b.month) || a.displayName.localeCompare(b.displayName),
  )
}

export type PayMonthDeps = { db: Database; gateway: PaymentGateway; log: FastifyBaseLogger }

export type PayMonthInput = {
  hostId: string
  month: string
  /** What the operator saw: a month that changed since is not paid blind. */
  amount: number
  operatorId: string
  today: CalendarDate
} & ({ method: 'provider' } | { method: 'manual'; reference: string })

/**
 * Pays a host's month, once. The month must be over and owe the host something; its lines are frozen
 * in the payout row, which the unique (host, month) index lets exist once, whatever the clicks or the
 * processes. A manual payment is recorded paid at once. A transfer is claimed first (pending), then
 * sent to the provider with the payout's id as order id (the provider refuses a second one): refused,
 * the claim is dropped so the month can be paid again; lost, it stays pending, never sent twice blind.
 * Paying a pending month again, once it has waited PENDING_PAYOUT_SETTLE_AFTER, settles it: the
 * provider is asked for the order first, and the transfer is sent again (with the same order id, which
 * the provider refuses twice) only when the provider has none.
 */
export async function payHostMonth(deps: PayMonthDeps, input: PayMonthInput): Promise<OperatorPayout> {
  const { db, log } = deps
  if (!isMonthClosed(input.month, input.today))
    throw new DomainError('BAD_REQUEST', payoutMessages.monthNotClosed)
  const host = await findHostProfile(db, input.hostId)
  if (!host) throw new DomainError('NOT_FOUND', payoutMessages.hostNotFound)
  const month = await findHostPayoutMonth(db, input.hostId, input.month, input.today)
  if (month.status === 'paid') throw new DomainError('CONFLICT', payoutMessages.alreadyPaid)
  const answer = (row: PayoutRow): OperatorPayout => ({
    hostId: input.hostId,
    displayName: host.displayName,
    bankName: CLABE_BANKS[host.clabeBankCode] ?? host.clabeBankCode,
    clabeLast4: host.clabeLast4,
    month: input.month,
    status: row.status === 'paid' ? 'paid' : 'processing',
    stays: month.stays,
    amount: row.amount,
    payout: { method: row.method, paidAt: row.paidAt?.toISOString() ?? null, reference: row.manualReference },
  })
  if (month.status === 'processing') {
    if (input.method !== 'provider') throw new DomainError('CONFLICT', payoutMessages.inProgress)
    const pending = await claimPendingPayout(db, input.hostId, input.month)
    if (!pending) throw new DomainError('CONFLICT', payoutMessages.inProgress)
    if (pending.amount !== input.amount) throw new DomainError('CONFLICT', payoutMessages.amountChanged)
    return answer(await settlePendingTransfer(deps, { payout: pending, hostName: host.displayName, input }))
  }
  if (month.totals.hostAmount <= 0) throw new DomainError('BAD_REQUEST', payoutMessages.nothingToPay)
  if (month.totals.hostAmount !== input.amount)
    throw new DomainError('CONFLICT', payoutMessages.amountChanged)

  const claimed = await insertPayout(db, {
    hostId: input.hostId,
    month: input.month,
    amount: month.totals.hostAmount,
    lines: month.lines,
    method: input.method,
    paid: input.method === 'manual' ? { by: input.operatorId, reference: input.reference } : null,
  })
  if (!claimed) throw new DomainError('CONFLICT', payoutMessages.alreadyPaid)
  if (input.method === 'manual') {
    log.info({ payoutId: claimed.id, hostId: input.hostId, month: input.month }, 'payout marked paid')
    return answer(claimed)
  }
  return answer(await sendTransfer(deps, { payout: claimed, hostName: host.displayName, input }))
}

type Transfer = { payout: PayoutRow; hostName: string; input: PayMonthInput }

/** The provider has the transfer (in progress or arrived): the pending payout is paid. */
async function recordTransfer(deps: PayMonthDeps, { payout, input }: Transfer, providerPayoutId: string) {
  const paid = await markTransferPaid(deps.db, { id: payout.id, providerPayoutId, paidBy: input.operatorId })
  deps.log.info({ payoutId: payout.id, providerPayoutId, month: input.month }, 'payout transferred')
  return paid ?? payout
}

/** Asks the provider for the order of a pending payout: recorded when it exists, sent when it does not. */
async function settlePendingTransfer(deps: PayMonthDeps, transfer: Transfer): Promise<PayoutRow> {
  let found: Awaited<ReturnType<PaymentGateway['findPayoutByOrderId']>>
  try {
    found = await deps.gateway.findPayoutByOrderId(transfer.payout.id)
  } catch (error) {
    if (!(error instanceof PaymentProviderError || error instanceof PaymentOutcomeUnknownError)) throw error
    deps.log.warn({ payoutId: transfer.payout.id }, 'payout lookup failed; left pending')
    throw new DomainError('SERVICE_UNAVAILABLE', payoutMessages.providerUnknown)
  }
  if (found === null) return sendTransfer(deps, transfer)
  if (found.status !== 'failed') return recordTransfer(deps, transfer, found.id)
  await deletePendingPayout(deps.db, transfer.payout.id)
  deps.log.warn({ payoutId: transfer.payout.id, providerPayoutId: found.id }, 'payout failed at the provider')
  throw new DomainError('PAYOUT_REFUSED', payoutMessages.providerRefused)
}

/** Sends the claimed transfer with the payout's id as order id (the provider refuses it twice). */
async function sendTransfer(deps: PayMonthDeps, transfer: Transfer): Promise<PayoutRow> {
  const { db, gateway, log } = deps
  const { payout, input } = transfer
  const clabe = await readHostClabe(db, input.hostId)
  if (!clabe) throw new DomainError('NOT_FOUND', payoutMessages.hostNotFound)
  try {
    const sent = await gateway.createPayout({
      clabe,
      holderName: transfer.hostName,
      amount: payout.amount,
      description: `Cabañas MX: pago de ${input.month}`,
      orderId: payout.id,
    })
    return await recordTransfer(deps, transfer, sent.id)
  } catch (error) {
    if (error instanceof PaymentProviderError && error.errorCode === ORDER_ALREADY_PROCESSED) {
      // Sent before (an answer lost): the provider has it; read it rather than leave it pending.
      const found = await gateway.findPayoutByOrderId(payout.id).catch(() => null)
      if (found && found.status !== 'failed') return recordTransfer(deps, transfer, found.id)
    }
    if (error instanceof PaymentProviderError && error.errorCode !== ORDER_ALREADY_PROCESSED) {
      await deletePendingPayout(db, payout.id)
      log.warn({ payoutId: payout.id, code: error.errorCode }, 'payout refused by the provider')
      throw new DomainError('PAYOUT_REFUSED', payoutMessages.providerRefused)
    }
    if (error instanceof PaymentProviderError || error instanceof PaymentOutcomeUnknownError) {
      log.warn({ payoutId: payout.id }, 'payout outcome unknown; left pending')
      throw new DomainError('SERVICE_UNAVAILABLE', payoutMessages.providerUnknown)
    }
    throw error
  }
}
