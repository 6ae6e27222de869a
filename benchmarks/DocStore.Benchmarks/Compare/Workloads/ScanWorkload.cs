using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>A full scan in key order of a collection of <c>size</c> people, each deserialized. Throughput counts documents.</summary>
public sealed class ScanWorkload(string name, Func<Scale, int> size) : Workload(name, "doc")
{
    public override int ItemsPerOp(Scale scale) => size(scale);

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, size(scale));
        return new Run(engine, seed, size(scale), Name);
    }

    private sealed class Run(IDocumentEngine engine, int seed, int count, string name) : OperationRun(engine, seed)
    {
        private long _idSum;

        protected override void Execute()
        {
            _idSum = 0;
            var seen = Engine.Scan(int.MaxValue, person => _idSum += person.Id);
            if (seen != count)
            {
                throw new VerificationException($"{Engine.Name}: {name}: scanned {seen} documents, expected {count}");
            }
        }

        public override void Verify()
        {
            var expectedId = 1L;
            Engine.Scan(int.MaxValue, person =>
            {
                Check.That(person.Id == expectedId, Engine, $"{name}: scan returned id {person.Id} where {expectedId} was due");
                if (expectedId % 97 == 1)
                {
                    Check.SamePerson(PersonFactory.Create(expectedId, PeopleLoader.DefaultBioLength), person, Engine, $"{name}: scanned person {expectedId}");
                }

                expectedId++;
            });
            Check.That(expectedId == count + 1, Engine, $"{name}: scan ended after {expectedId - 1} of {count}");
        }
    }
}
