/** What people type to Hisaab (English, Hinglish, typos), the reported messages included. */
import { casesOf, type CorpusCase } from './types'

const t = casesOf('Typed')
const TODAY = '2026-11-26'
const YESTERDAY = '2026-11-25'

export const TYPED: CorpusCase[] = [
  // Reported as working: must keep working.
  t.out('typed', '500 ka petrol', 50000, TODAY, null, 'Transportation'),
  t.out('typed', 'kal 300 auto', 30000, YESTERDAY, null, 'Transportation'),
  t.out('typed', '1.5k groceries', 150000, TODAY, null, 'Groceries'),
  t.out('typed', '2 lakh car down payment', 20000000, TODAY, null, 'Others'),
  // Reported as refused or misfiled.
  t.out('typed', '2 samosa 30', 3000, TODAY, null, 'Food & Dining'),
  t.out('typed', '2.5L gold', 25000000, TODAY, null, 'Others'),
  t.out('typed', 'Spent500 on food', 50000, TODAY, null, 'Food & Dining'),
  t.out('typed', '2 kg aloo 60', 6000, TODAY, null, 'Groceries'),
  t.out('typed', 'maggi aur cold drink 90', 9000, TODAY, null, 'Food & Dining'),
  t.out('typed', 'spnt 500 on foood', 50000, TODAY, null, 'Food & Dining'),
  t.out('typed', 'groceris 850', 85000, TODAY, null, 'Groceries'),
  t.out('typed', 'petrl 1000', 100000, TODAY, null, 'Transportation'),
  t.in('typed', 'Salery 60000 credited', 6000000, TODAY, null, 'Salary'),
  t.out('typed', 'Took 2000 from ATM', 200000, TODAY, null, 'Cash Withdrawal'),
  // Asked for in the issue.
  t.out('typed', '1.2 cr flat booking', 1200000000, TODAY, null, 'Others'),
  t.out('typed', 'Paid 1200 for 2 movie tickets', 120000, TODAY, null, 'Entertainment'),
  t.out('typed', 'bought 3 shirts 1500', 150000, TODAY, null, 'Shopping'),
  t.out('typed', '12 eggs 84', 8400, TODAY, null, 'Groceries'),
  t.out('typed', '1l milk 64', 6400, TODAY, null, 'Groceries'),
  t.out('typed', 'paid500 for sabzi', 50000, TODAY, null, 'Groceries'),
  t.out('typed', 'sabzi 120 aaj', 12000, TODAY, null, 'Groceries'),
  t.out('typed', 'doodh 56', 5600, TODAY, null, 'Groceries'),
  // Everyday English and Hinglish.
  t.out('typed', 'Spent 500 on food', 50000, TODAY, null, 'Food & Dining'),
  t.out('typed', 'Paid 1000 for rent', 100000, TODAY, null, 'Rent'),
  t.out('typed', '300 groceries', 30000, TODAY, null, 'Groceries'),
  t.in('typed', 'Received 50000 salary', 5000000, TODAY, null, 'Salary'),
  t.out('typed', '500 ka khana', 50000, TODAY, null, 'Food & Dining'),
  t.out('typed', 'auto 80 diye', 8000, TODAY, null, 'Transportation'),
  t.out('typed', 'swiggy 450', 45000, TODAY, 'Swiggy', 'Food & Dining'),
  t.out('typed', 'bescom bill 1340', 134000, TODAY, 'BESCOM', 'Bills & Utilities'),
  t.out('typed', 'irctc 2200 tatkal', 220000, TODAY, 'IRCTC', 'Travel'),
  t.out('typed', 'yesterday 250 chai samosa', 25000, YESTERDAY, null, 'Food & Dining'),
  t.out('typed', 'atm se 3000 nikale', 300000, TODAY, null, 'Cash Withdrawal'),
  t.out('typed', 'withdrew 5000 cash', 500000, TODAY, null, 'Cash Withdrawal'),
  t.in('typed', 'got 2000 from papa', 200000, TODAY, null, 'Others'),
  t.in('typed', 'freelance payment 15k aaya', 1500000, TODAY, null, 'Freelance'),
  t.out('typed', 'bijli ka bill 1200 bhara', 120000, TODAY, null, 'Bills & Utilities'),
  t.out('typed', 'dawai 350 lagi kal', 35000, YESTERDAY, null, 'Healthcare'),
  t.out('typed', '₹1,499 netflix', 149900, TODAY, 'Netflix', 'Entertainment'),
  t.out('typed', 'Rs.99.50 chai', 9950, TODAY, null, 'Food & Dining'),
  t.out('typed', 'uber 230 to office', 23000, TODAY, 'Uber', 'Transportation'),
  t.out('typed', '5 kg atta 260', 26000, TODAY, null, 'Groceries'),
  t.out('typed', 'pyaz tamatar 90', 9000, TODAY, null, 'Groceries'),
  t.out('typed', 'haircut 150', 15000, TODAY, null, 'Personal Care'),
  t.out('typed', 'school fees 12000 on 20/11', 1200000, '2026-11-20', null, 'Education'),
  t.in('typed', 'rent received 15000', 1500000, TODAY, null, 'Rental'),
  t.in('typed', 'refund 1200 from amazon', 120000, TODAY, 'Amazon', 'Refund'),
  t.out('typed', 'gas cylinder 1100', 110000, TODAY, null, 'Bills & Utilities'),
  t.out('typed', 'medcine 420', 42000, TODAY, null, 'Healthcare'),
  t.out('typed', 'restuarant 1800', 180000, TODAY, null, 'Food & Dining'),
  t.out('typed', 'electrcity bill 2100', 210000, TODAY, null, 'Bills & Utilities'),
]
