using System.Buffers;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Bson;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// Writes and reads a <see cref="Person"/> as C-BSON, by hand, the way the generator's emitted
/// serializer will: field ids resolved once, no reflection, no intermediate document model.
/// Thread-safe: it holds only the ids.
/// </summary>
internal sealed class PersonCodec
{
    private readonly ushort _id;
    private readonly ushort _name;
    private readonly ushort _email;
    private readonly ushort _age;
    private readonly ushort _score;
    private readonly ushort _address;
    private readonly ushort _street;
    private readonly ushort _city;
    private readonly ushort _zip;
    private readonly ushort _tags;
    private readonly ushort _bio;

    public PersonCodec(FieldDictionary fields)
    {
        _id = fields.GetOrAdd("_id");
        _name = fields.GetOrAdd("Name");
        _email = fields.GetOrAdd("Email");
        _age = fields.GetOrAdd("Age");
        _score = fields.GetOrAdd("Score");
        _address = fields.GetOrAdd("Address");
        _street = fields.GetOrAdd("Street");
        _city = fields.GetOrAdd("City");
        _zip = fields.GetOrAdd("Zip");
        _tags = fields.GetOrAdd("Tags");
        _bio = fields.GetOrAdd("Bio");
    }

    public void Write(Person person, IBufferWriter<byte> output)
    {
        var writer = new CBsonWriter(output);
        writer.WriteStartDocument();
        writer.WriteInt64(_id, person.Id);
        writer.WriteString(_name, person.Name);
        writer.WriteString(_email, person.Email);
        writer.WriteInt32(_age, person.Age);
        writer.WriteInt32(_score, person.Score);
        writer.WriteStartDocument(_address);
        writer.WriteString(_street, person.Address.Street);
        writer.WriteString(_city, person.Address.City);
        writer.WriteInt32(_zip, person.Address.Zip);
        writer.WriteEndDocument();
        writer.WriteStartArray(_tags);
        foreach (var tag in person.Tags)
        {
            writer.WriteString(tag);
        }

        writer.WriteEndArray();
        writer.WriteString(_bio, person.Bio);
        writer.WriteEndDocument();
    }

    public Person Read(ReadOnlySpan<byte> document)
    {
        var reader = new CBsonReader(document);
        var person = new Person();
        while (reader.Read())
        {
            var field = reader.FieldId;
            if (field == _id)
            {
                person.Id = reader.GetInt64();
            }
            else if (field == _name)
            {
                person.Name = reader.GetString();
            }
            else if (field == _email)
            {
                person.Email = reader.GetString();
            }
            else if (field == _age)
            {
                person.Age = reader.GetInt32();
            }
            else if (field == _score)
            {
                person.Score = reader.GetInt32();
            }
            else if (field == _address)
            {
                ReadAddress(reader.GetDocumentReader(), person.Address);
            }
            else if (field == _tags)
            {
                person.Tags = ReadStrings(reader.GetArrayReader());
            }
            else if (field == _bio)
            {
                person.Bio = reader.GetString();
            }
        }

        return person;
    }

    /// <summary>The score alone, found by skipping the other fields without decoding them.</summary>
    public int ReadScore(ReadOnlySpan<byte> document)
    {
        var reader = new CBsonReader(document);
        return reader.TryFindField(_score) ? reader.GetInt32() : throw new InvalidOperationException("A stored person has no Score field.");
    }

    private void ReadAddress(CBsonReader reader, Address address)
    {
        while (reader.Read())
        {
            var field = reader.FieldId;
            if (field == _street)
            {
                address.Street = reader.GetString();
            }
            else if (field == _city)
            {
                address.City = reader.GetString();
            }
            else if (field == _zip)
            {
                address.Zip = reader.GetInt32();
            }
        }
    }

    private static string[] ReadStrings(CBsonReader reader)
    {
        var count = 0;
        while (reader.Read())
        {
            count++;
        }

        reader.Reset();
        var values = new string[count];
        for (var i = 0; reader.Read(); i++)
        {
            values[i] = reader.GetString();
        }

        return values;
    }
}
