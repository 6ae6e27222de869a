using System.Diagnostics.CodeAnalysis;
using System.Diagnostics.Metrics;
using BenchmarkDotNet.Attributes;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// What the DocStore meter costs on the hottest path, a warm get by key: with no listener (every
/// recording site is a check of <c>Instrument.Enabled</c>) and with a <see cref="MeterListener"/> that
/// takes every DocStore instrument. SQLite's get is the baseline measured in the same run.
/// </summary>
[Config(typeof(CollectionsConfig))]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet calls [GlobalCleanup], and its benchmark classes cannot be sealed.")]
public class MetricsOverheadBenchmarks
{
    private readonly long[] _ids = CollectionQueryBenchmarks.KeyStream(4096, 1);
    private CollectionFixture? _fixture;
    private MeterListener? _listener;
    private long _measurements;
    private int _next;

    /// <summary>Whether a listener takes the DocStore meter's measurements.</summary>
    [Params(false, true)]
    public bool Listening { get; set; }

    [GlobalSetup(Target = nameof(Get_DocStore))]
    public void SetupDocStore()
    {
        _fixture = CollectionFixture.OpenDocStore(Durability.Normal);
        if (Listening)
        {
            _listener = new MeterListener
            {
                InstrumentPublished = (instrument, l) =>
                {
                    if (instrument.Meter.Name == DocStoreDiagnostics.MeterName)
                    {
                        l.EnableMeasurementEvents(instrument);
                    }
                },
            };
            _listener.SetMeasurementEventCallback<long>((_, value, _, _) => _measurements += value);
            _listener.SetMeasurementEventCallback<double>((_, _, _, _) => _measurements++);
            _listener.Start();
        }
    }

    [GlobalSetup(Target = nameof(Get_Sqlite))]
    public void SetupSqlite() => _fixture = CollectionFixture.OpenSqlite(Durability.Normal);

    [GlobalCleanup]
    public void Cleanup()
    {
        _listener?.Dispose();
        _fixture?.Dispose();
    }

    [Benchmark(Baseline = true)]
    public Person? Get_Sqlite() => _fixture!.Sqlite!.GetById(NextId());

    [Benchmark]
    public Person? Get_DocStore() => _fixture!.DocStore!.People.Get(NextId());

    private long NextId() => _ids[_next++ & (_ids.Length - 1)];
}
