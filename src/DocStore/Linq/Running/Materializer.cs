using DocStore.Bson;
using DocStore.Linq.Translation;
using DocStore.Metadata;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Running;

/// <summary>
/// Turns one stored document into a query's element: the deserialized document, its projection, or, when
/// the projection reads only scalar members (<see cref="FieldProjection"/>), the projection of those fields
/// read from the bytes. A field that is not there as its member's kind makes that row deserialize the
/// document instead, so the element is always the one LINQ-to-objects computes.
/// </summary>
internal sealed class Materializer<TDocument, TElement>
{
    private readonly IDocumentSerializer<TDocument> _serializer;
    private readonly object?[] _values;
    private readonly Func<TDocument, object?[], TElement>? _projector;
    private readonly FieldProjection? _fields;
    private readonly Func<object?[], object?[], TElement>? _fromColumns;
    private readonly object?[] _columns;
    private readonly RowContext? _row;

    public Materializer(LinqPlan plan, IDocumentSerializer<TDocument> serializer, object?[] values)
    {
        _serializer = serializer;
        _values = values;
        _projector = plan.Projection is null ? null : plan.Projector<TDocument, TElement>();
        _fields = plan.Fields;
        _columns = _fields is null ? [] : new object?[_fields.Paths.Length];
        if (_fields is not null)
        {
            _fromColumns = _fields.Compiled<TElement>();
            _row = new RowContext(1, 0, 0, [], "(LINQ query)");
        }
    }

    public TElement Read(ReadOnlyMemory<byte> document, IFieldDictionary fields)
    {
        if (_fromColumns is not null && TryColumns(document, fields))
        {
            return _fromColumns(_columns, _values);
        }

        var read = _serializer.Read(document.Span, fields);
        return _projector is null ? (TElement)(object)read! : _projector(read, _values);
    }

    private bool TryColumns(ReadOnlyMemory<byte> document, IFieldDictionary fields)
    {
        var row = _row!;
        row.Docs[0] = document;
        row.Fields[0] = fields;
        var paths = _fields!.Paths;
        for (var i = 0; i < paths.Length; i++)
        {
            if (!ColumnKinds.TryRead(paths[i].Eval(row), _fields.Kinds[i], out _columns[i]))
            {
                return false;
            }
        }

        return true;
    }
}
