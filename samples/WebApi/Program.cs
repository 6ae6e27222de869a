using Bookmarks;
using DocStore;
using DocStore.Extensions.DependencyInjection;

var builder = WebApplication.CreateBuilder(args);

// One context for the app: a singleton, opened from configuration ("DocStore:Path"), closed on shutdown.
// A relative path is taken from the content root, where appsettings.json is read, not from wherever the
// process happens to start.
var contentRoot = builder.Environment.ContentRootPath;
builder.Services.AddDocStore<BookmarksDb>(builder.Configuration.GetSection("DocStore"), o =>
    o.Path = Path.GetFullPath(string.IsNullOrEmpty(o.Path) ? "bookmarks.db" : o.Path, contentRoot));
builder.Services.AddHealthChecks().AddDocStore<BookmarksDb>();
builder.Services.AddProblemDetails();

var app = builder.Build();
app.UseExceptionHandler();
app.UseStatusCodePages();
app.UseMiddleware<StoreErrors>();
app.MapHealthChecks("/health");

app.MapPost("/users", (NewUser body, BookmarksDb db) =>
{
    if (Validation.Check(body) is { Count: > 0 } errors)
    {
        return Results.ValidationProblem(errors);
    }

    var user = new User { Name = body.Name!.Trim(), Email = body.Email!.Trim() };
    db.Users.Insert(user);   // a taken name (the key) or email (unique index) throws DuplicateKeyException: 409
    return Results.Created($"/users/{user.Name}", user);
});

app.MapGet("/users/{name}", (string name, BookmarksDb db) =>
    db.Users.Get(name) is { } user ? Results.Ok(user) : Results.NotFound());

app.MapPost("/bookmarks", async (NewBookmark body, BookmarksDb db, CancellationToken cancel) =>
{
    if (Validation.Check(body) is { Count: > 0 } errors)
    {
        return Results.ValidationProblem(errors);
    }

    // The bookmark and its owner's count change together or not at all.
    await using var tx = await db.BeginTransactionAsync(cancel);
    var owner = db.Users.Get(tx, body.Owner!);
    if (owner is null)
    {
        return Results.ValidationProblem(new Dictionary<string, string[]> { ["owner"] = [$"No user '{body.Owner}'."] });
    }

    var bookmark = new Bookmark
    {
        Url = body.Url!,
        Title = body.Title ?? "",
        Tags = body.Tags ?? [],
        Owner = new OwnerRef { Name = owner.Name },
        CreatedUtc = DateTime.UtcNow,
    };
    await db.Bookmarks.InsertAsync(tx, bookmark, cancel);
    owner.BookmarkCount++;
    await db.Users.UpdateAsync(tx, owner, cancel);
    await tx.CommitAsync(cancel);
    return Results.Created($"/bookmarks/{bookmark.Id}", BookmarkView.From(bookmark));
});

app.MapGet("/bookmarks/{id}", (string id, BookmarksDb db) =>
    ObjectId.TryParse(id, null, out var key) && db.Bookmarks.Get(key) is { } bookmark
        ? Results.Ok(BookmarkView.From(bookmark))
        : Results.NotFound());

app.MapDelete("/bookmarks/{id}", async (string id, BookmarksDb db, CancellationToken cancel) =>
{
    if (!ObjectId.TryParse(id, null, out var key))
    {
        return Results.NotFound();
    }

    await using var tx = await db.BeginTransactionAsync(cancel);
    var bookmark = db.Bookmarks.Get(tx, key);
    if (bookmark is null)
    {
        return Results.NotFound();
    }

    await db.Bookmarks.DeleteAsync(tx, key, cancel);
    if (db.Users.Get(tx, bookmark.Owner.Name) is { } owner)
    {
        owner.BookmarkCount--;
        await db.Users.UpdateAsync(tx, owner, cancel);
    }

    await tx.CommitAsync(cancel);
    return Results.NoContent();
});

// Pages follow the continuation token each page returns (?after=...), which stays valid while documents
// are added or removed, unlike an offset.
app.MapGet("/bookmarks", async (string? tag, string? owner, int? limit, string? after, BookmarksDb db, CancellationToken cancel) =>
{
    // A token continues the query it came from; with another filter it would page through the wrong list.
    var filter = tag is not null ? $"tag={tag}" : owner is not null ? $"owner={owner}" : "all";
    string? continuation = null;
    if (after is not null)
    {
        (continuation, var error) = PageTokens.Unwrap(filter, after);
        if (error is not null)
        {
            return Results.Problem(title: "Bad page token", detail: error, statusCode: StatusCodes.Status400BadRequest);
        }
    }

    var options = new QueryOptions { Take = Math.Clamp(limit ?? 20, 1, 100), After = continuation };
    var query = tag is not null ? db.Bookmarks.FindByTags(tag, options)
        : owner is not null ? db.Bookmarks.FindByOwnerName(owner, options)
        : db.Bookmarks.Scan(options);
    var page = await query.ToPageAsync(cancel);
    return Results.Ok(new PageView<BookmarkView>([.. page.Items.Select(BookmarkView.From)], PageTokens.Wrap(filter, page.Continuation)));
});

// Ad-hoc SQL for operators. It runs inside a transaction that is always rolled back, so a write in the
// text changes nothing; the price is the write lock for the query's duration, fine for an admin tool.
app.MapPost("/admin/sql", async (AdminQuery body, BookmarksDb db, CancellationToken cancel) =>
{
    if (string.IsNullOrWhiteSpace(body.Sql))
    {
        return Results.ValidationProblem(new Dictionary<string, string[]> { ["sql"] = ["A statement is required."] });
    }

    await using var tx = await db.BeginTransactionAsync(cancel);
    using var session = db.Sql.OpenSession();
    session.Transaction = tx;
    try
    {
        var rows = session.Query(body.Sql);
        return Results.Text(AdminJson.RolledBack(rows), "application/json");
    }
    catch (DocStoreException e) when (e is SqlSyntaxException or SqlExecutionException)
    {
        return Results.Problem(title: "SQL error", detail: e.Message, statusCode: StatusCodes.Status400BadRequest);
    }
});

app.Run();

/// <summary>The entry point's type, public so tests can start the app with WebApplicationFactory.</summary>
public partial class Program { }
