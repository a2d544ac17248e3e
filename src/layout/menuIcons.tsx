import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CloudDownloadOutlinedIcon from '@mui/icons-material/CloudDownloadOutlined';
import DrawOutlinedIcon from '@mui/icons-material/DrawOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { MenuIconName } from '../access/menu';

/** The icon of each menu entry (the menu table names them; components stay out of the data). */
export const MENU_ICONS: Record<MenuIconName, SvgIconComponent> = {
  requests: PostAddOutlinedIcon,
  history: HistoryIcon,
  dashboard: SpaceDashboardOutlinedIcon,
  report: AssessmentOutlinedIcon,
  reportCompanies: BusinessOutlinedIcon,
  signatureSettings: DrawOutlinedIcon,
  configuration: TuneOutlinedIcon,
  administration: AdminPanelSettingsOutlinedIcon,
  statistics: QueryStatsOutlinedIcon,
  globalAdministration: PublicOutlinedIcon,
  globalStatistics: InsightsOutlinedIcon,
  notifications: NotificationsNoneOutlinedIcon,
  downloads: CloudDownloadOutlinedIcon,
  supports: SupportAgentOutlinedIcon,
  emailTracker: MarkEmailReadOutlinedIcon,
  help: HelpOutlineIcon,
};
