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
                detail: Describe(e),
                statusCode: StatusCodes.Status409Conflict).ExecuteAsync(context);
        }
        catch (ArgumentException e) when (e.ParamName == nameof(QueryOptions.After) && !context.Response.HasStarted)
        {
            await Results.Problem(title: "Bad page token", detail: e.Message, statusCode: StatusCodes.Status400BadRequest).ExecuteAsync(context);
        }
    }

    // In the API's words: the collection and index names are the store's, not what a client sent.
    private static string Describe(DuplicateKeyException e) => (e.Collection, e.Index) switch
    {
        ("Users", null) => "A user with this name exists.",
        ("Users", "Email") => "A user with this email exists.",
        ("Bookmarks", "Url") => "A bookmark with this URL exists.",
        _ => $"A {e.Collection} with this {e.Index ?? "key"} exists.",
    };
}
