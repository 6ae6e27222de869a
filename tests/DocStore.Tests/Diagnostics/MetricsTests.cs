using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using DocStore.Bson.Model;

namespace DocStore.Tests.Diagnostics;

public sealed class MetricsTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-metrics-").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void A_listener_sees_commits_fsyncs_cache_documents_checkpoints_and_the_wal()
    {
        // Other tests run in this process at the same time: assert lower bounds, and filter by collection and db tags.
        var collection = "Metrics" + Guid.NewGuid().ToString("N");
        var path = Path.Combine(_dir, "metrics.db");
        var longs = new ConcurrentDictionary<string, long>();
        var doubles = new ConcurrentDictionary<string, int>();
        long walBytes = -1;
        using var listener = new MeterListener
        {
            InstrumentPublished = (instrument, l) =>
            {
                if (instrument.Meter.Name == DocStoreDiagnostics.MeterName)
                {
                    l.EnableMeasurementEvents(instrument);
                }
            },
        };
        listener.SetMeasurementEventCallback<long>((instrument, value, tags, _) =>
        {
            var tagged = Tag(tags, "collection") ?? Tag(tags, "db");
            if (instrument.Name == "docstore.wal.size" && tagged == path)
            {
                walBytes = value;
            }
            else if (tagged is null || tagged == collection)
            {
                longs.AddOrUpdate(instrument.Name, value, (_, v) => v + value);
            }
        });
        listener.SetMeasurementEventCallback<double>((instrument, value, _, _) =>
        {
            Assert.True(value >= 0, $"{instrument.Name} recorded {value}");
            doubles.AddOrUpdate(instrument.Name, 1, (_, n) => n + 1);
        });
        listener.Start();

        using (var db = DocStoreDatabase.Open(path, new DocStoreOptions { Durability = Durability.Full }))
        {
            var docs = db.GetCollection(collection);
            for (var i = 0; i < 5; i++)
            {
                docs.Insert(new BsonDocument { ["_id"] = i, ["n"] = i * 10 });
            }

            docs.Delete(4);
            Assert.NotNull(docs.Get(1));
            Assert.NotNull(docs.Get(2));
            listener.RecordObservableInstruments();
            Assert.True(walBytes > 0, $"WAL gauge for {path}: {walBytes}");
        }

        Assert.Equal(6, longs.GetValueOrDefault("docstore.documents.written"));
        Assert.Equal(2, longs.GetValueOrDefault("docstore.documents.read"));
        Assert.True(longs.GetValueOrDefault("docstore.commits") >= 6);
        Assert.True(longs.GetValueOrDefault("docstore.cache.hits") + longs.GetValueOrDefault("docstore.cache.misses") > 0);
        Assert.True(longs.GetValueOrDefault("docstore.checkpoints") >= 1, "closing checkpoints");
        Assert.True(doubles.GetValueOrDefault("docstore.commit.duration") >= 6);
        Assert.True(doubles.GetValueOrDefault("docstore.fsync.duration") >= 1, "full durability flushes");
        Assert.True(doubles.GetValueOrDefault("docstore.checkpoint.duration") >= 1);

        // A closed database leaves the gauge.
        walBytes = -1;
        listener.RecordObservableInstruments();
        Assert.Equal(-1, walBytes);
    }

    [Fact]
    public void Checkpoints_are_activities()
    {
        var path = Path.Combine(_dir, "traced.db");
        var started = new ConcurrentBag<string>();
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == DocStoreDiagnostics.ActivitySourceName,
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllData,
            ActivityStopped = activity => started.Add(activity.OperationName),
        };
        ActivitySource.AddActivityListener(listener);
        using (var db = DocStoreDatabase.Open(path))
        {
            db.GetCollection("Traced").Insert(new BsonDocument { ["_id"] = 1 });
        }

        Assert.Contains("docstore.checkpoint", started);
    }

    private static string? Tag(ReadOnlySpan<KeyValuePair<string, object?>> tags, string key)
    {
        foreach (var tag in tags)
        {
            if (tag.Key == key)
            {
                return tag.Value as string;
            }
        }

        return null;
    }
}
