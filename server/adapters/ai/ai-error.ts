import type { ErrorCode } from '../../../contract/errors';
import { DomainError } from '../../lib/domain-error';

/**
 * Why a draft failed: `timeout` and `unreachable` may pass, `refused` (the provider said no: key, quota, model)
 * and `unusable` (its answer was not a draft) will not by waiting.
 */
export type AiErrorKind = 'timeout' | 'unreachable' | 'refused' | 'unusable';

export class AiError extends DomainError {
  readonly code: ErrorCode;

  constructor(
    readonly kind: AiErrorKind,
    message: string,
  ) {
    super(message);
    this.code = `ai_${kind}`;
  }
}
