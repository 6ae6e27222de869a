using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Ycsb;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// A YCSB core workload over records of ten 100-byte fields, loaded fresh per workload, with scrambled
/// zipfian key choice (latest for D). Updates set one field (a document store rewrites the record).
/// </summary>
public sealed class YcsbWorkload(YcsbSpec spec) : Workload("ycsb_" + spec.Letter, "op")
{
    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        var batch = new List<(string, YcsbRecord)>(1000);
        for (long key = 0; key < scale.YcsbRecords; key++)
        {
            batch.Add((YcsbRecord.Key(key), YcsbRecord.Create(key)));
            if (batch.Count == 1000 || key == scale.YcsbRecords - 1)
            {
                engine.YcsbInsert(System.Runtime.InteropServices.CollectionsMarshal.AsSpan(batch));
                batch.Clear();
            }
        }

        return new Run(engine, seed, scale.YcsbRecords, spec, Name);
    }

    private sealed class Run(IDocumentEngine engine, int seed, long loaded, YcsbSpec spec, string name) : OperationRun(engine, seed)
    {
        private readonly ScrambledZipfianGenerator _zipfian = new(loaded);
        private readonly LatestGenerator _latest = new(loaded);
        private readonly Dictionary<long, string[]> _changed = [];
        private readonly YcsbRecord _record = new();
        private readonly (string, YcsbRecord)[] _insert = new (string, YcsbRecord)[1];
        private long _count = loaded;
        private long _version;
        private YcsbOperation _operation;
        private long _keyNumber;
        private string _key = "";
        private int _field;
        private string _value = "";
        private int _scanLength;

        public override long? Documents => spec.Insert > 0 ? _count : null;

        protected override void Prepare()
        {
            _operation = spec.Choose(Random.NextDouble());
            _keyNumber = _operation == YcsbOperation.Insert ? _count
                : spec.Latest ? _latest.Next(Random, _count - 1)
                : _zipfian.Next(Random);
            _key = YcsbRecord.Key(_keyNumber);
            switch (_operation)
            {
                case YcsbOperation.Update or YcsbOperation.ReadModifyWrite:
                    _field = Random.Next(YcsbRecord.FieldCount);
                    _value = YcsbRecord.FieldValue(_keyNumber, _field, ++_version);
                    break;
                case YcsbOperation.Insert:
                    _insert[0] = (_key, YcsbRecord.Create(_keyNumber));
                    break;
                case YcsbOperation.Scan:
                    _scanLength = Random.Next(1, YcsbSpec.MaxScanLength + 1);
                    break;
            }
        }

        protected override void Execute()
        {
            switch (_operation)
            {
                case YcsbOperation.Read:
                    if (!Engine.YcsbRead(_key, _record))
                    {
                        throw new VerificationException($"{Engine.Name}: {name}: record {_key} is missing");
                    }

                    break;
                case YcsbOperation.Update:
                    Engine.YcsbUpdate(_key, _field, _value);
                    Remember();
                    break;
                case YcsbOperation.ReadModifyWrite:
                    Engine.YcsbReadModifyWrite(_key, _field, _value, _record);
                    Remember();
                    break;
                case YcsbOperation.Insert:
                    Engine.YcsbInsert(_insert);
                    _count++;
                    break;
                case YcsbOperation.Scan:
                    var read = Engine.YcsbScan(_key, _scanLength, _record);
                    if (read != Math.Min(_scanLength, _count - _keyNumber))
                    {
                        throw new VerificationException($"{Engine.Name}: {name}: a scan of {_scanLength} from {_key} read {read} records");
                    }

                    break;
            }
        }

        private void Remember()
        {
            if (!_changed.TryGetValue(_keyNumber, out var fields))
            {
                fields = YcsbRecord.Create(_keyNumber).Fields;
                _changed[_keyNumber] = fields;
            }

            fields[_field] = _value;
        }

        public override void Verify()
        {
            var random = new Random(spec.Letter[0]);
            var keys = _changed.Keys.Take(50).Concat(Enumerable.Range(0, 50).Select(_ => random.NextInt64(_count))).ToList();
            var record = new YcsbRecord();
            foreach (var key in keys)
            {
                var expected = _changed.TryGetValue(key, out var fields) ? fields : YcsbRecord.Create(key).Fields;
                Check.That(Engine.YcsbRead(YcsbRecord.Key(key), record), Engine, $"{name}: record {key} is missing");
                Check.That(record.Fields.AsSpan().SequenceEqual(expected), Engine, $"{name}: record {key} has other field values than written");
            }

            Check.That(!Engine.YcsbRead(YcsbRecord.Key(_count), record), Engine, $"{name}: a record past the last insert exists");
            Check.That(Engine.YcsbScan(YcsbRecord.Key(_count - 5), 10, record) == 5, Engine, $"{name}: a scan over the last five records did not read five");
        }
    }
}
