import { defineResource } from '../declarations';
import endpoint from './api';

export default defineResource(endpoint);
