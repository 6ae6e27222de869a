using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>Find one person through the unique Email index (index lookup, then the document).</summary>
public sealed class EmailWorkload(string name) : Workload(name, "find")
{
    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, scale.WarmDocuments);
        return new Run(engine, seed, scale.WarmDocuments, Name);
    }

    private sealed class Run(IDocumentEngine engine, int seed, int count, string name) : OperationRun(engine, seed)
    {
        private long _id;
        private string _email = "";

        protected override void Prepare()
        {
            _id = Random.NextInt64(1, count + 1);
            _email = $"user{_id}@example.org";
        }

        protected override void Execute()
        {
            if (Engine.FindByEmail(_email) is not { } person || person.Id != _id)
            {
                throw new VerificationException($"{Engine.Name}: {name}: FindByEmail({_email}) did not return person {_id}");
            }
        }

        public override void Verify()
        {
            var random = new Random(count);
            for (var i = 0; i < 50; i++)
            {
                var expected = PersonFactory.Create(random.NextInt64(1, count + 1), PeopleLoader.DefaultBioLength);
                Check.SamePerson(expected, Engine.FindByEmail(expected.Email), Engine, $"{name}({expected.Email})");
            }

            Check.That(Engine.FindByEmail("nobody@example.org") is null, Engine, $"{name}: a missing email found a document");
        }
    }
}
