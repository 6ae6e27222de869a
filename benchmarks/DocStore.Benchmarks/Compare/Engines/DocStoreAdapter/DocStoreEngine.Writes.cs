using DocStore.Benchmarks.Compare.Data;
using DocStore.BTree;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>Inserts and updates: the document and every index entry in one write transaction.</summary>
internal sealed partial class DocStoreEngine
{
    public void Insert(ReadOnlySpan<Person> people)
    {
        using var tx = _engine.BeginWrite();
        var primary = Open(tx, PeopleTree);
        var email = Open(tx, EmailTree);
        var age = Open(tx, AgeTree);
        var city = Open(tx, CityTree);
        var tags = Open(tx, TagTree);
        Span<byte> pk = stackalloc byte[IndexKeys.MaxSize];
        Span<byte> key = stackalloc byte[IndexKeys.MaxSize];
        foreach (var person in people)
        {
            var pkLength = IndexKeys.Primary(pk, person.Id);
            if (primary.ContainsKey(pk[..pkLength]))
            {
                throw new InvalidOperationException($"DocStore: person {person.Id} already exists.");
            }

            primary.Put(pk[..pkLength], Encode(person));
            var emailKey = key[..IndexKeys.String(key, person.Email)];
            if (email.ContainsKey(emailKey))
            {
                throw new InvalidOperationException($"DocStore: unique index Email already holds '{person.Email}'.");
            }

            email.Put(emailKey, pk[..pkLength]);
            age.Put(key[..IndexKeys.Int32ThenPrimary(key, person.Age, person.Id)], default);
            city.Put(key[..IndexKeys.StringThenPrimary(key, person.Address.City, person.Id)], default);
            foreach (var tag in person.Tags)
            {
                tags.Put(key[..IndexKeys.StringThenPrimary(key, tag, person.Id)], default);
            }
        }

        tx.Commit();
    }

    public void Update(Person person)
    {
        using var tx = _engine.BeginWrite();
        var primary = Open(tx, PeopleTree);
        Span<byte> pk = stackalloc byte[IndexKeys.MaxSize];
        Span<byte> key = stackalloc byte[IndexKeys.MaxSize];
        var pkLength = IndexKeys.Primary(pk, person.Id);
        if (!primary.TryGet(pk[..pkLength], out var stored))
        {
            throw new InvalidOperationException($"DocStore: person {person.Id} does not exist.");
        }

        // Only index entries whose key changed are touched, as the collections issue requires.
        var old = _people.Read(stored.Span);
        if (old.Email != person.Email)
        {
            var email = Open(tx, EmailTree);
            email.Delete(key[..IndexKeys.String(key, old.Email)]);
            email.Put(key[..IndexKeys.String(key, person.Email)], pk[..pkLength]);
        }

        if (old.Age != person.Age)
        {
            var age = Open(tx, AgeTree);
            age.Delete(key[..IndexKeys.Int32ThenPrimary(key, old.Age, person.Id)]);
            age.Put(key[..IndexKeys.Int32ThenPrimary(key, person.Age, person.Id)], default);
        }

        if (old.Address.City != person.Address.City)
        {
            var city = Open(tx, CityTree);
            city.Delete(key[..IndexKeys.StringThenPrimary(key, old.Address.City, person.Id)]);
            city.Put(key[..IndexKeys.StringThenPrimary(key, person.Address.City, person.Id)], default);
        }

        if (!old.Tags.AsSpan().SequenceEqual(person.Tags))
        {
            UpdateTags(Open(tx, TagTree), old.Tags, person.Tags, person.Id, key);
        }

        primary.Put(pk[..pkLength], Encode(person));
        tx.Commit();
    }

    private static void UpdateTags(Tree tags, string[] before, string[] after, long id, Span<byte> key)
    {
        foreach (var tag in before)
        {
            if (Array.IndexOf(after, tag) < 0)
            {
                tags.Delete(key[..IndexKeys.StringThenPrimary(key, tag, id)]);
            }
        }

        foreach (var tag in after)
        {
            if (Array.IndexOf(before, tag) < 0)
            {
                tags.Put(key[..IndexKeys.StringThenPrimary(key, tag, id)], default);
            }
        }
    }
}
