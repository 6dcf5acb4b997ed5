import auth from './auth';
import common from './common';
import dashboard from './dashboard';
import details from './details';
import errors from './errors';
import format from './format';
import home from './home';
import layout from './layout';
import menu from './menu';
import pointClouds from './pointClouds';
import profile from './profile';
import protocol from './protocol';
import tours from './tours';
import transfers from './transfers';
import validation from './validation';
import workEdit from './workEdit';
import works from './works';

export default {
  auth,
  common,
  dashboard,
  details,
  errors,
  format,
  home,
  layout,
  menu,
  pointClouds,
  profile,
  protocol,
  tours,
  transfers,
  validation,
  workEdit,
  works,
};
