using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>Inserts and updates: each call one transaction that changes the document and exactly the index entries whose keys changed.</summary>
internal sealed partial class DocStoreEngine
{
    public void Insert(IReadOnlyList<Person> people)
    {
        if (people.Count == 1)
        {
            _db.People.Insert(people[0]);
        }
        else
        {
            _db.People.InsertMany(people);
        }
    }

    public void Update(Person person)
    {
        if (!_db.People.Update(person))
        {
            throw new InvalidOperationException($"DocStore: person {person.Id} does not exist.");
        }
    }
}
