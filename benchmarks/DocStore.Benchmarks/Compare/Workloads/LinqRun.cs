using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// One engine's <c>linq_*</c> run: each operation asks one query with an argument drawn untimed; the
/// verifier asks sample queries again and compares them with <see cref="LinqModel"/>, ordering the rows
/// that have no <c>OrderBy</c> by id (the projection by name and age) outside any timed region.
/// </summary>
internal sealed class LinqRun(IDocumentEngine engine, ILinqEngine linq, int seed, int documents, LinqKind kind, string name) : OperationRun(engine, seed)
{
    private readonly List<Person> _people = [];
    private readonly List<(string Name, int Age)> _pairs = [];
    private readonly LinqModel _model = new(documents);
    private LinqQuestion _question = new(0, "", []);

    protected override void Prepare()
    {
        _question = LinqQuestion.Next(kind, Random, documents);
        _people.Clear();
        _pairs.Clear();
    }

    protected override void Execute()
    {
        if (kind == LinqKind.Email)
        {
            if (linq.LinqFindByEmail(_question.Text) is not { } person || person.Id != _question.Number)
            {
                throw new VerificationException($"{Engine.Name}: {name}: {_question.Text} did not find person {_question.Number}");
            }

            return;
        }

        Ask(_question, _people, _pairs);
    }

    public override void Verify()
    {
        var random = new Random(documents);
        for (var i = 0; i < (kind == LinqKind.Email ? 50 : 5); i++)
        {
            var question = LinqQuestion.Next(kind, random, documents);
            var what = $"{name}({Describe(question)})";
            if (kind == LinqKind.Email)
            {
                Check.SamePerson(_model.FirstByEmail(question.Text), linq.LinqFindByEmail(question.Text), Engine, what);
                continue;
            }

            var people = new List<Person>();
            var pairs = new List<(string Name, int Age)>();
            Ask(question, people, pairs);
            if (kind == LinqKind.NameAgeOfScoreBelow)
            {
                var expected = _model.NameAges(question);
                var actual = LinqModel.Ordered(pairs);
                Check.That(expected.Count == actual.Count, Engine, $"{what}: expected {expected.Count} results, got {actual.Count}");
                Check.That(expected.SequenceEqual(actual), Engine, $"{what}: the names and ages differ from the model");
            }
            else
            {
                Check.SamePeople(_model.People(kind, question), kind == LinqKind.AgeRange ? people : [.. people.OrderBy(p => p.Id)], Engine, what);
            }
        }

        if (kind == LinqKind.Email)
        {
            Check.That(linq.LinqFindByEmail("nobody@example.org") is null, Engine, $"{name}: a missing email found a document");
        }
    }

    private void Ask(LinqQuestion question, List<Person> people, List<(string Name, int Age)> pairs)
    {
        switch (kind)
        {
            case LinqKind.AgeRange:
                linq.LinqAgeRange((int)question.Number, (int)question.Number + LinqQuestion.AgeWindow(documents) - 1, people);
                break;
            case LinqKind.EmailPrefix:
                linq.LinqEmailPrefix(question.Text, people);
                break;
            case LinqKind.City:
                linq.LinqCity(question.Text, people);
                break;
            case LinqKind.Tag:
                linq.LinqTag(question.Text, people);
                break;
            case LinqKind.ScoreBelow:
                linq.LinqScoreBelow((int)question.Number, people);
                break;
            case LinqKind.NameAgeOfScoreBelow:
                linq.LinqNameAgeOfScoreBelow((int)question.Number, pairs);
                break;
            case LinqKind.IdsIn:
                linq.LinqIdsIn(question.Ids, people);
                break;
            default:
                throw new InvalidOperationException($"{kind} is asked through LinqFindByEmail.");
        }
    }

    private static string Describe(LinqQuestion question) =>
        question.Ids.Length > 0 ? string.Join(",", question.Ids) : question.Text.Length > 0 ? question.Text : question.Number.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
