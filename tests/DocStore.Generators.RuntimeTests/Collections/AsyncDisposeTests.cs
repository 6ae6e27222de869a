using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A context closes asynchronously as it does synchronously: committed data is in the file, and the context refuses further use.</summary>
public class AsyncDisposeTests
{
    [Fact]
    public async Task An_async_disposed_context_is_closed_and_its_data_reopens()
    {
        using var temp = new TempDatabase();
        var db = AppDb.Open(temp.Path, TempDatabase.Options);
        await using (db.ConfigureAwait(false))
        {
            for (var i = 0; i < 50; i++)
            {
                await db.People.InsertAsync(new Person { Email = $"p{i}@example.org", Age = i });
            }
        }

        Assert.True(db.IsDisposed);
        Assert.Throws<ObjectDisposedException>(() => db.People.Count());
        await using var reopened = AppDb.Open(temp.Path, TempDatabase.Options);
        Assert.Equal(50, reopened.People.Count());
    }

    [Fact]
    public async Task A_cancelled_token_cancels_a_point_read_before_it_runs()
    {
        await using var db = AppDb.OpenInMemory();
        using var cancelled = new CancellationTokenSource();
        await cancelled.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await db.People.CountAsync(cancelled.Token));
    }
}
