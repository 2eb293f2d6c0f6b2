// /credit/myLoan: the current bill with its repayment, and the history of the user's loans.
import { useState } from 'react';
import { useCreditHistory } from '../api/get-credit-history.ts';
import { BillPanel } from '../components/bill-panel.tsx';
import { HistoryTable } from '../components/history-table.tsx';
import { RepayModal } from '../components/repay-modal.tsx';
import { creditIdOf, creditStateOf, currentLoan, HISTORY_PAGE_SIZE } from '../credit-rules.ts';
import { pageItems } from '@caravan/ui/wallet/records-page';

export default function MyLoanPage() {
  const [pageNum, setPageNum] = useState(1);
  const [repaying, setRepaying] = useState<{ creditId?: string; open: boolean }>({ open: false });
  // the newest loans come first: the one unfinished loan is on the first page
  const firstPage = useCreditHistory(1, HISTORY_PAGE_SIZE);
  const records = pageItems(firstPage.data);
  const current = currentLoan(records);
  const inReview = records.some((record) => creditStateOf(record.status) === 'pending');
  const repay = (creditId: string) => setRepaying({ creditId, open: true });

  return (
    <>
      <BillPanel currentId={current ? creditIdOf(current) : undefined} inReview={inReview} onRepay={repay} />
      <HistoryTable pageNum={pageNum} onPageChange={setPageNum} onRepay={repay} />
      <RepayModal creditId={repaying.creditId} open={repaying.open} onClose={() => setRepaying((state) => ({ ...state, open: false }))} />
    </>
  );
}
