using DocStore;

namespace Bookmarks;

/// <summary>Maps the store's exceptions that describe the request, not a fault, to problem details: duplicates are 409, a bad continuation token 400.</summary>
internal sealed class StoreErrors(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        try
        {
            await next(context);
        }
        catch (DuplicateKeyException e) when (!context.Response.HasStarted)
        {
            await Results.Problem(
                title: "Already exists",
                detail: e.Index is null ? $"A {e.Collection} with this key exists." : $"A {e.Collection} with this {e.Index} exists.",
                statusCode: StatusCodes.Status409Conflict).ExecuteAsync(context);
        }
        catch (ArgumentException e) when (e.ParamName == nameof(QueryOptions.After) && !context.Response.HasStarted)
        {
            await Results.Problem(title: "Bad page token", detail: e.Message, statusCode: StatusCodes.Status400BadRequest).ExecuteAsync(context);
        }
    }
}
