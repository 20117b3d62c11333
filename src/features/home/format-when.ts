export { formatWhen } from '../../components/transaction/format-when'
