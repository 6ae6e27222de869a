using DocStore.Bson.Model;

namespace DocStore.Tests.Support;

/// <summary>
/// Writer threads that each insert keys <c>writer + 1, writer + 1 + count, ...</c> one commit at a time and
/// count what came back acknowledged; a writer's first n keys are then exactly its acknowledged inserts.
/// </summary>
internal sealed class AcknowledgingWriters : IDisposable
{
    private readonly long[] _acknowledged;
    private readonly Thread[] _threads;
    private readonly SemaphoreSlim _progress = new(0);
    private readonly ManualResetEventSlim _stop = new();
    private Exception? _failure;

    public AcknowledgingWriters(BsonCollection items, int count)
    {
        _acknowledged = new long[count];
        _threads = [.. Enumerable.Range(0, count).Select(w => new Thread(() => Write(items, w)) { IsBackground = true })];
        foreach (var thread in _threads)
        {
            thread.Start();
        }
    }

    /// <summary>Returns once <paramref name="inserts"/> more inserts were acknowledged (a minute is a hang guard).</summary>
    public void WaitForMore(int inserts)
    {
        for (var i = 0; i < inserts; i++)
        {
            if (Volatile.Read(ref _failure) is { } failure)
            {
                throw new InvalidOperationException("A writer failed.", failure);
            }

            Assert.True(_progress.Wait(TimeSpan.FromMinutes(1)), "The writers stopped acknowledging inserts.");
        }
    }

    /// <summary>How many inserts each writer has had acknowledged so far.</summary>
    public long[] Acknowledged()
    {
        var counts = new long[_acknowledged.Length];
        for (var w = 0; w < counts.Length; w++)
        {
            counts[w] = Volatile.Read(ref _acknowledged[w]);
        }

        return counts;
    }

    /// <summary>Stops the writers and returns each one's acknowledged count.</summary>
    public long[] Stop()
    {
        _stop.Set();
        foreach (var thread in _threads)
        {
            thread.Join();
        }

        if (_failure is { } failure)
        {
            throw new InvalidOperationException("A writer failed.", failure);
        }

        return Acknowledged();
    }

    /// <summary>The keys acknowledged (per writer, as counted by <paramref name="acknowledged"/>) that <paramref name="items"/> does not hold.</summary>
    public static List<long> Missing(BsonCollection items, long[] acknowledged)
    {
        var stored = items.Scan().Select(d => d["_id"] is BsonInt32 small ? small.Value : d["_id"].AsInt64).ToHashSet();
        var missing = new List<long>();
        for (var w = 0; w < acknowledged.Length; w++)
        {
            for (long n = 0; n < acknowledged[w]; n++)
            {
                var key = w + 1 + (n * acknowledged.Length);
                if (!stored.Contains(key))
                {
                    missing.Add(key);
                }
            }
        }

        return missing;
    }

    public void Dispose()
    {
        _stop.Set();
        foreach (var thread in _threads)
        {
            thread.Join();
        }

        _progress.Dispose();
        _stop.Dispose();
    }

    private void Write(BsonCollection items, int writer)
    {
        try
        {
            for (long n = 0; !_stop.IsSet; n++)
            {
                items.Insert(new BsonDocument { { "_id", writer + 1 + (n * _acknowledged.Length) }, { "Body", new string('w', 40) } });
                Volatile.Write(ref _acknowledged[writer], n + 1);
                _progress.Release();
            }
        }
        catch (Exception e)
        {
            Volatile.Write(ref _failure, e);
            _progress.Release();
        }
    }
}
