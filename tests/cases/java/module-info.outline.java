/** Module doc. */
@Deprecated
open module com.example.app {
    requires transitive java.sql;
    requires static lombok;
    exports com.example.app.api to com.example.web;
    opens com.example.app.model;
    uses com.example.spi.Plugin;
    provides com.example.spi.Plugin with com.example.app.DefaultPlugin;
}
