/** An error the caller caused or must hear about: becomes `{detail}` with this status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const badRequest = (detail: string) => new ApiError(400, detail);
export const notFound = (detail: string) => new ApiError(404, detail);
export const conflict = (detail: string) => new ApiError(409, detail);
